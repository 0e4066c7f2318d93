import type { ChatMessage, ResolvedModel } from '@aalis/api-llm';
import { isControlKind } from '@aalis/schema-message';
import { createTokenCounter, createTurnUsageTracker } from '@aalis/token-budget';
import { AbortRace } from './abort-race';
import { ConversationLedger } from './conversation-ledger';
import { inputMessage } from './input-message';
import { noPersistence } from './no-persistence';
import { readTurnStart } from './read-turn-start';
import type { ToolLoopRequest } from './run-tool-loop-options';
import { throwIfAborted } from './throw-if-aborted';
import type { LoopSetup, TurnCounts, TurnRun } from './turn-run';
import { turnScope } from './turn-scope';

/**
 * Sets up one turn's body: reads what the turn starts from (history, its count, the session's
 * tools) and puts the turn's inputs after the history in its conversation. Only the turn's own data comes
 * from the request; collaborators and settings are the loop's.
 */
export async function startTurnRun(
  setup: LoopSetup,
  request: ToolLoopRequest & { readonly model: ResolvedModel },
  counts: TurnCounts,
): Promise<TurnRun> {
  const { turn, session, model } = request;
  throwIfAborted(turn.signal);
  const persistence = request.persistence ?? noPersistence;
  const scope = turnScope(request);
  const { options, ...shared } = setup;
  const tools = options.tools;
  const start = await readTurnStart({ ...request, tools }, persistence, scope.platform);
  const acceptsImages = model.capabilities.vision === true;
  const inputs = turn.inputs.map((input) => inputMessage(input, acceptsImages));
  const counter = setup.counter ?? createTokenCounter({ model: model.model });
  const conversation = new ConversationLedger(counter);
  conversation.append(start.history);
  conversation.append(inputs);
  // A model registered without tool calling is never offered tools.
  const offeredTools = model.capabilities.toolCalls === false ? [] : start.tools;
  const where = { turnId: turn.turnId, sessionId: turn.sessionId };
  return {
    ...shared,
    ...scope,
    tools,
    onError: (error: unknown) => setup.onError(error, where),
    turn,
    session,
    model,
    signal: turn.signal,
    abortRace: new AbortRace(turn.signal),
    persistence,
    counter,
    acceptsImages,
    offeredTools,
    offeredToolTokens: counter.countTools(offeredTools),
    state: {
      conversation,
      protectedMessages: new Set(inputs),
      tracker: createTurnUsageTracker<ChatMessage>({
        historyMessagesAtStart: start.historyCount,
        historyLimit: session.settings.historyLimit,
        isControlMessage: (message) => isControlKind((message as { kind?: string }).kind),
      }),
      tokens: {},
      counts,
    },
  };
}
