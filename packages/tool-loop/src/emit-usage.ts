import type { TokenUsageEvent } from '@aalis/api-agent';
import type { ChatResponse } from '@aalis/api-llm';
import { classifyByAttribution } from './plan-prompt';
import type { PreparedCall } from './prepare-model-call';
import { publish } from './publish';
import type { TurnRun } from './turn-run';

/**
 * Emits the one `token:usage` of a model call that returned ([USG-1]) with the turn id
 * ([TID-2]): `used` is the reported prompt tokens when positive and finite, else the estimate
 * of what was sent ([USG-2]); `trimmed` sticks for the rest of the turn ([USG-3]);
 * `untrimmedHistory` is taken on the list before trimming, the breakdown on the sent one
 * ([USG-4]); `historyMessages` counts the history at turn start plus what the turn appended
 * so far ([USG-5]); `historyLimit` is the session's ([USG-6]).
 */
export async function emitUsage(run: TurnRun, prepared: PreparedCall, response: ChatResponse): Promise<void> {
  let event: TokenUsageEvent;
  try {
    const fields = run.tracker.build({
      messages: prepared.messages,
      untrimmedMessages: prepared.untrimmed,
      counter: run.counter,
      classify: classifyByAttribution(prepared.attribution),
      tools: prepared.tools,
      plan: prepared.plan,
      promptTokens: response.usage?.promptTokens,
      historyTrimmed: prepared.historyTrimmed,
    });
    event = {
      sessionId: run.turn.sessionId,
      turnId: run.turn.turnId,
      snapshot: false,
      model: run.model.ref,
      ...fields,
    };
  } catch (error) {
    run.onError(error);
    return;
  }
  run.counts.usageEvents += 1;
  await publish(run, 'token:usage', event);
}
