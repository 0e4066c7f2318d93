import type { TokenUsageEvent } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import {
  buildTokenUsage,
  classifyMessageByRole,
  type MessageAttribution,
  planTokenBudget,
} from '@aalis/token-budget';
import type { AgentContext } from './agent-context';
import { resolveTurnSettings } from './turn-settings';

/**
 * One usage snapshot of a session ([USG-8]): the prompt the next model call would start
 * from — contributions built with `dryRun: true` and no inputs, the active history within
 * the count limit, the offered tools — estimated without calling the model. No turn id
 * ([TID-4]); `historyMessages` is the active history count only ([USG-5]). `undefined` when
 * no model can be resolved for the session.
 */
export async function buildUsageSnapshot(
  context: AgentContext,
  sessionId: string,
): Promise<TokenUsageEvent | undefined> {
  const settings = resolveTurnSettings(context.config, context.deps.sessions, sessionId);
  const model = await context.deps.llm.resolveModel(settings.model);
  if (model === undefined) return undefined;
  const persistence = context.createPersistence();
  const stored = await persistence.history(sessionId, { limit: settings.historyLimit });
  const history: ChatMessage[] = stored.map((message) => ({
    role: message.role,
    content: message.content,
    ...(message.toolCalls === undefined ? {} : { toolCalls: message.toolCalls }),
    ...(message.toolCallId === undefined ? {} : { toolCallId: message.toolCallId }),
  }));
  const blocks = await context.assembler.assemble({
    sessionId,
    inputs: [],
    signal: new AbortController().signal,
    dryRun: true,
    messages: history,
  });
  const tools = (await context.deps.tools?.listTools({ sessionId })) ?? [];
  const blockMessages = blocks.map((block) => block.message);
  const attribution = new Map<ChatMessage, MessageAttribution>(
    blocks.map((block) => [
      block.message,
      { bucket: block.bucket, ...(block.injector === undefined ? {} : { injector: block.injector }) },
    ]),
  );
  const plan = planTokenBudget({
    contextWindow: model.capabilities.contextWindow,
    maxOutput: model.capabilities.maxOutputTokens,
    fixedTokens: context.counter.countMessages(blockMessages) + context.counter.countTools(tools),
  });
  const fields = buildTokenUsage({
    messages: [...blockMessages, ...history],
    counter: context.counter,
    classify: (message: ChatMessage) => attribution.get(message) ?? classifyMessageByRole(message),
    tools,
    plan,
    historyMessages: await persistence.countHistory(sessionId),
    historyLimit: settings.historyLimit,
  });
  return { sessionId, snapshot: true, model: model.ref, ...fields };
}
