import type { ChatMessage, ResolvedModel } from '@aalis/api-llm';
import { isControlKind } from '@aalis/schema-message';
import { createTokenCounter, createTurnUsageTracker } from '@aalis/token-budget';
import { ConversationLedger } from './conversation-ledger';
import { DEFAULT_NOTICES } from './default-notices';
import { inputMessage } from './input-message';
import { noPersistence } from './no-persistence';
import { readTurnStart } from './read-turn-start';
import type { RunToolLoopOptions } from './run-tool-loop-options';
import { throwIfAborted } from './throw-if-aborted';
import { DEFAULT_TOOL_LOOP_LIMITS } from './tool-loop-limits';
import type { TurnCounts, TurnRun } from './turn-run';
import { turnScope } from './turn-scope';

/**
 * Sets up one turn's body: reads what the turn starts from and puts the turn's inputs first
 * in its transcript.
 */
export async function startTurnRun(
  options: RunToolLoopOptions & { readonly model: ResolvedModel },
  counts: TurnCounts,
): Promise<TurnRun> {
  const { turn, session, model } = options;
  throwIfAborted(turn.signal);
  const persistence = options.persistence ?? noPersistence;
  const scope = turnScope(options);
  const start = await readTurnStart(options, persistence, scope.platform);
  const acceptsImages = model.capabilities.vision === true;
  const inputs = turn.inputs.map((input) => inputMessage(input, acceptsImages));
  const counter = options.budget?.counter ?? createTokenCounter({ model: model.model });
  const conversation = new ConversationLedger(counter);
  conversation.append(start.history);
  conversation.append(inputs);
  // A model registered without tool calling is never offered tools.
  const offeredTools = model.capabilities.toolCalls === false ? [] : start.tools;
  return {
    ...scope,
    turn,
    session,
    model,
    llm: options.llm,
    tools: options.tools,
    hooks: options.hooks,
    events: options.events,
    signal: turn.signal,
    onError: options.onError ?? ((error: unknown) => console.error(error)),
    persistence,
    assembler: options.assembler,
    limits: { ...DEFAULT_TOOL_LOOP_LIMITS, ...options.limits },
    notices: { ...DEFAULT_NOTICES, ...options.notices },
    createCallId: options.createCallId ?? (() => crypto.randomUUID()),
    counter,
    maxTokenBudget: options.budget?.maxTokenBudget,
    acceptsImages,
    tracker: createTurnUsageTracker<ChatMessage>({
      historyMessagesAtStart: start.historyCount,
      historyLimit: session.settings.historyLimit,
      isControlMessage: (message) => isControlKind((message as { kind?: string }).kind),
    }),
    transcript: [...inputs],
    conversation,
    protectedMessages: new Set(inputs),
    offeredTools,
    offeredToolTokens: counter.countTools(offeredTools),
    tokens: {},
    counts,
  };
}
