import { assertLoopOptions, assertRequest } from './assert-options';
import { converse } from './converse';
import { DEFAULT_NOTICES } from './default-notices';
import { finalizeReply } from './finalize-reply';
import { ModelUnavailableError } from './model-unavailable-error';
import type { ToolLoopOptions, ToolLoopRequest } from './run-tool-loop-options';
import { sendNotice } from './send-notice';
import { sendReply } from './send-reply';
import { startTurnRun } from './start-turn-run';
import { throwIfAborted } from './throw-if-aborted';
import { ToolLoopError } from './tool-loop-error';
import { DEFAULT_TOOL_LOOP_LIMITS } from './tool-loop-limits';
import type { ToolLoopResult } from './tool-loop-result';
import { TurnAbortedError } from './turn-aborted-error';
import { TurnFailedError } from './turn-failed-error';
import type { LoopSetup, TurnCounts, TurnRun } from './turn-run';
import { turnScope } from './turn-scope';

/** A tool loop made once for an agent: it runs the body of each turn it is handed. */
export interface ToolLoop {
  /**
   * Runs the body of one turn, between "opening inputs archived" and "reply emitted": model
   * calls with pending insertions, prompt assembly, budgeting, hooks, streaming and usage;
   * tool calls with call ids, validation, hooks, concurrency and truncation; the reply with
   * format retries and the room rule. Resolves with how the turn ended ([OUT-1]) and never
   * rejects for a failure inside the turn: a failing model, tool service, hook run or archive
   * ends it as `error` with the `[错误]` notice sent to the session ([SVC-3], [OUT-2]); no
   * model gives the `[系统]` notice; an abort gives `aborted` with no notice and no reply
   * ([ABT-1]). Throws a `TypeError` only for a malformed request.
   */
  run(request: ToolLoopRequest): Promise<ToolLoopResult>;
}

/**
 * Makes the tool loop of an agent over its collaborators (model, tools, hooks, events,
 * prompt assembler, token counter) and settings, checked and resolved once; each turn then
 * hands `run` only its own data. Throws a `TypeError` for malformed options.
 */
export function createToolLoop(options: ToolLoopOptions): ToolLoop {
  assertLoopOptions(options);
  const setup: LoopSetup = {
    llm: options.llm,
    options,
    hooks: options.hooks,
    events: options.events,
    assembler: options.assembler,
    limits: { ...DEFAULT_TOOL_LOOP_LIMITS, ...options.limits },
    notices: { ...DEFAULT_NOTICES, ...options.notices },
    customNotices: options.notices,
    createCallId: options.createCallId ?? (() => crypto.randomUUID()),
    counter: options.budget?.counter,
    maxTokenBudget: options.budget?.maxTokenBudget,
    onError: options.onError ?? ((error: unknown) => console.error(error)),
  };
  return { run: (request) => runTurnBody(setup, request) };
}

async function runTurnBody(setup: LoopSetup, request: ToolLoopRequest): Promise<ToolLoopResult> {
  assertRequest(request);
  const counts: TurnCounts = {
    modelCalls: 0,
    usageEvents: 0,
    toolCalls: 0,
    iterations: 0,
    toolIterations: 0,
  };
  const model = request.model;
  if (model === undefined) return endWithNotice(setup, request, counts, new ModelUnavailableError());
  let run: TurnRun | undefined;
  try {
    run = await startTurnRun(setup, { ...request, model }, counts);
    const step = await converse(run);
    const reply = step === undefined ? undefined : await finalizeReply(run, step.response.content);
    throwIfAborted(run.signal);
    if (reply === undefined) return { outcome: 'silent', reply: undefined, ...figures(counts) };
    const stored = await sendReply(run, reply);
    return { outcome: 'replied', reply: stored, replyContent: reply.content, ...figures(counts) };
  } catch (error) {
    return endWithFailure(setup, request, counts, error);
  } finally {
    run?.abortRace.dispose();
  }
}

function figures(counts: TurnCounts): Pick<ToolLoopResult, 'modelCalls' | 'usageEvents' | 'toolCalls'> {
  return { modelCalls: counts.modelCalls, usageEvents: counts.usageEvents, toolCalls: counts.toolCalls };
}

function endWithFailure(
  setup: LoopSetup,
  request: ToolLoopRequest,
  counts: TurnCounts,
  error: unknown,
): Promise<ToolLoopResult> | ToolLoopResult {
  if (request.turn.signal.aborted || TurnAbortedError.isInstance(error)) {
    return { outcome: 'aborted', reply: undefined, ...figures(counts) };
  }
  const failure = ToolLoopError.isInstance(error) ? error : new TurnFailedError({ cause: error });
  return endWithNotice(setup, request, counts, failure);
}

async function endWithNotice(
  setup: LoopSetup,
  request: ToolLoopRequest,
  counts: TurnCounts,
  failure: ToolLoopError,
): Promise<ToolLoopResult> {
  const { turn } = request;
  const where = { turnId: turn.turnId, sessionId: turn.sessionId };
  const onError = (error: unknown) => setup.onError(error, where);
  const notice = noticeFor(setup, failure, onError);
  await sendNotice(
    { events: setup.events, signal: turn.signal, onError },
    { sessionId: turn.sessionId, turnId: turn.turnId, platform: turnScope(request).platform },
    notice,
  );
  return { outcome: 'error', reply: undefined, error: notice, failure, ...figures(counts) };
}

/** The notice of a failure; a custom notice that throws falls back to the default one. */
function noticeFor(setup: LoopSetup, failure: ToolLoopError, onError: (error: unknown) => void): string {
  const unavailable = ModelUnavailableError.isInstance(failure);
  try {
    const custom = unavailable
      ? setup.customNotices?.modelUnavailable
      : setup.customNotices?.failure?.(failure);
    if (typeof custom === 'string' && custom !== '') return custom;
  } catch (error) {
    onError(error);
  }
  return unavailable ? DEFAULT_NOTICES.modelUnavailable : DEFAULT_NOTICES.failure(failure);
}
