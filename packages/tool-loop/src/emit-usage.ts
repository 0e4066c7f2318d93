import type { TokenUsageEvent } from '@aalis/api-agent';
import type { ChatMessage, ChatResponse } from '@aalis/api-llm';
import type { TokenUsageInput } from '@aalis/token-budget';
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
    const fields = run.state.tracker.build({
      messages: prepared.messages,
      untrimmedMessages: prepared.untrimmed,
      counter: run.counter,
      classify: classifyByAttribution(prepared.attribution),
      tools: prepared.tools,
      plan: prepared.plan,
      promptTokens: response.usage?.promptTokens,
      historyTrimmed: prepared.historyTrimmed,
      ...countedFigures(prepared),
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
  run.state.counts.usageEvents += 1;
  await publish(run, 'token:usage', event);
}

/**
 * The figures budgeting counted, where they still describe the lists: the untrimmed list is
 * the loop's own unless nothing was trimmed (then it is the sent list); the sent list is
 * described only when `agent:llm:before` left it as budgeted. Otherwise messages are counted.
 */
function countedFigures(prepared: PreparedCall): Pick<TokenUsageInput<ChatMessage>, 'figures'> {
  // Trimmed: the untrimmed list is a copy no hook saw; the kept list is counted message by message.
  if (prepared.historyTrimmed) return { figures: { untrimmed: prepared.untrimmedFigures } };
  return leftAsBudgeted(prepared) ? { figures: { sent: prepared.untrimmedFigures } } : {};
}

/** Whether `agent:llm:before` left the list as budgeted: the same messages, each with the content counted. */
function leftAsBudgeted(prepared: PreparedCall): boolean {
  const { messages: sent, budgeted, budgetedContents } = prepared;
  if (sent.length !== budgeted.length) return false;
  for (let index = 0; index < sent.length; index += 1) {
    const message = sent[index];
    if (message !== budgeted[index] || message?.content !== budgetedContents[index]) return false;
  }
  return true;
}
