import type { AgentLlmAfterPayload } from '@aalis/api-agent';
import type { ChatRequest, ChatResponse } from '@aalis/api-llm';
import { emitUsage } from './emit-usage';
import { ModelCallError } from './model-call-error';
import type { PreparedCall } from './prepare-model-call';
import { runHook } from './run-hook';
import { streamDelta } from './stream-delta';
import { throwIfAborted } from './throw-if-aborted';
import { TurnAbortedError } from './turn-aborted-error';
import type { TurnRun } from './turn-run';
import { untilAborted } from './until-aborted';

/**
 * Makes one model call with the turn's signal and deep-thinking setting, streaming its text
 * ([TID-2]); then `agent:llm:after`, whose middlewares may replace the response ([HK-4]); then
 * the call's one `token:usage` ([USG-1]). A call that threw has no usage event; one that the
 * turn's abort interrupted ends the turn as aborted ([ABT-1]).
 */
export async function callModel(run: TurnRun, prepared: PreparedCall): Promise<ChatResponse> {
  throwIfAborted(run.signal);
  const request: ChatRequest = {
    model: run.model,
    messages: prepared.messages,
    ...(prepared.tools.length === 0 ? {} : { tools: prepared.tools }),
    thinking: run.session.settings.deepThinking,
    maxTokens: prepared.plan.reservedForReply,
    signal: run.signal,
    onDelta: (delta) => streamDelta(run, delta),
  };
  let response: ChatResponse;
  try {
    response = normalizeResponse(
      await untilAborted(
        Promise.resolve().then(() => run.llm.chat(request)),
        run.abortRace,
      ),
    );
  } catch (error) {
    if (run.signal.aborted)
      throw TurnAbortedError.isInstance(error) ? error : new TurnAbortedError({ cause: error });
    throw new ModelCallError({ cause: error });
  }
  run.state.counts.modelCalls += 1;
  addTokens(run, response);
  try {
    const payload: AgentLlmAfterPayload = {
      response,
      messages: prepared.messages,
      sessionId: run.turn.sessionId,
      turnId: run.turn.turnId,
      iteration: prepared.iteration,
    };
    await runHook(run, 'agent:llm:after', payload);
    return normalizeResponse(payload.response);
  } finally {
    await emitUsage(run, prepared, response);
  }
}

/** The response with `content` and `toolCalls` always present (model output is not trusted). */
function normalizeResponse(response: ChatResponse): ChatResponse {
  if (typeof response !== 'object' || response === null) {
    throw new TypeError('the model service resolved with no response');
  }
  const content = typeof response.content === 'string' ? response.content : '';
  const toolCalls = Array.isArray(response.toolCalls) ? response.toolCalls : [];
  return content === response.content && toolCalls === response.toolCalls
    ? response
    : { ...response, content, toolCalls };
}

function addTokens(run: TurnRun, response: ChatResponse): void {
  const usage = response.usage;
  if (usage === undefined) return;
  for (const key of ['promptTokens', 'completionTokens', 'totalTokens'] as const) {
    const value = usage[key];
    if (typeof value === 'number' && Number.isFinite(value))
      run.state.tokens[key] = (run.state.tokens[key] ?? 0) + value;
  }
}
