import { assertOptions } from './assert-options';
import { converse } from './converse';
import { DEFAULT_NOTICES } from './default-notices';
import { finalizeReply } from './finalize-reply';
import { ModelUnavailableError } from './model-unavailable-error';
import type { RunToolLoopOptions } from './run-tool-loop-options';
import { sendNotice } from './send-notice';
import { sendReply } from './send-reply';
import { startTurnRun } from './start-turn-run';
import { throwIfAborted } from './throw-if-aborted';
import { ToolLoopError } from './tool-loop-error';
import type { ToolLoopResult } from './tool-loop-result';
import { TurnAbortedError } from './turn-aborted-error';
import { TurnFailedError } from './turn-failed-error';
import type { TurnCounts } from './turn-run';
import { turnScope } from './turn-scope';

/**
 * Runs the body of one turn, between "opening inputs archived" and "reply emitted": model
 * calls with pending insertions, prompt assembly, budgeting, hooks, streaming and usage;
 * tool calls with call ids, validation, hooks, concurrency and truncation; the reply with
 * format retries and the room rule. Resolves with the outcome ([OUT-1]) and never rejects
 * for a failure inside the turn: a failing model, tool service, hook run or archive ends it
 * as `error` with the `[错误]` notice sent to the session ([SVC-3], [OUT-2]); no model gives
 * the `[系统]` notice; an abort gives `aborted` with no notice and no reply ([ABT-1]). Throws a
 * `TypeError` only for misuse (malformed options).
 */
export async function runToolLoop(options: RunToolLoopOptions): Promise<ToolLoopResult> {
  assertOptions(options);
  const counts: TurnCounts = {
    modelCalls: 0,
    usageEvents: 0,
    toolCalls: 0,
    iterations: 0,
    toolIterations: 0,
  };
  const model = options.model;
  if (model === undefined) return endWithNotice(options, counts, new ModelUnavailableError());
  try {
    const run = await startTurnRun({ ...options, model }, counts);
    const step = await converse(run);
    const reply = step === undefined ? undefined : await finalizeReply(run, step.response.content);
    throwIfAborted(run.signal);
    if (reply === undefined) return { outcome: 'silent', ...figures(counts) };
    const stored = await sendReply(run, reply);
    return {
      outcome: 'replied',
      ...(stored === undefined ? {} : { reply: stored }),
      replyContent: reply.content,
      ...figures(counts),
    };
  } catch (error) {
    return endWithFailure(options, counts, error);
  }
}

function figures(counts: TurnCounts): Pick<ToolLoopResult, 'modelCalls' | 'usageEvents' | 'toolCalls'> {
  return { modelCalls: counts.modelCalls, usageEvents: counts.usageEvents, toolCalls: counts.toolCalls };
}

function endWithFailure(
  options: RunToolLoopOptions,
  counts: TurnCounts,
  error: unknown,
): Promise<ToolLoopResult> | ToolLoopResult {
  if (options.turn.signal.aborted || TurnAbortedError.isInstance(error)) {
    return { outcome: 'aborted', ...figures(counts) };
  }
  const failure = ToolLoopError.isInstance(error) ? error : new TurnFailedError({ cause: error });
  return endWithNotice(options, counts, failure);
}

async function endWithNotice(
  options: RunToolLoopOptions,
  counts: TurnCounts,
  failure: ToolLoopError,
): Promise<ToolLoopResult> {
  const { turn } = options;
  const onError = options.onError ?? ((error: unknown) => console.error(error));
  const notice = noticeFor(options, failure, onError);
  await sendNotice(
    { events: options.events, signal: turn.signal, onError },
    { sessionId: turn.sessionId, turnId: turn.turnId, platform: turnScope(options).platform },
    notice,
  );
  return { outcome: 'error', error: notice, failure, ...figures(counts) };
}

/** The notice of a failure; a custom notice that throws falls back to the default one. */
function noticeFor(
  options: RunToolLoopOptions,
  failure: ToolLoopError,
  onError: (error: unknown) => void,
): string {
  const unavailable = ModelUnavailableError.isInstance(failure);
  try {
    const custom = unavailable ? options.notices?.modelUnavailable : options.notices?.failure?.(failure);
    if (typeof custom === 'string' && custom !== '') return custom;
  } catch (error) {
    onError(error);
  }
  return unavailable ? DEFAULT_NOTICES.modelUnavailable : DEFAULT_NOTICES.failure(failure);
}
