import type { TokenUsageEvent } from '@aalis/api-agent';
import { buildTokenUsage } from '@aalis/token-budget';
import { classifyByAttribution, planPrompt } from '@aalis/tool-loop';
import type { AgentContext } from './agent-context';
import { resolveTurnSettings } from './turn-settings';

/**
 * One usage snapshot of a session ([USG-8]): the prompt the next model call would start
 * from — contributions built with `dryRun: true` and no inputs, the active history within
 * the count limit, the offered tools — planned as a model call is (the tool loop's
 * `planPrompt`) and estimated without calling the model. No turn id ([TID-4]);
 * `historyMessages` is the active history count only ([USG-5]). `undefined` when no model
 * can be resolved for the session.
 */
export async function buildUsageSnapshot(
  context: AgentContext,
  sessionId: string,
): Promise<TokenUsageEvent | undefined> {
  const settings = resolveTurnSettings(context.config, context.deps.sessions, sessionId);
  const model = await context.deps.llm.resolveModel(settings.model);
  if (model === undefined) return undefined;
  const persistence = context.createPersistence();
  const history = await persistence.history(sessionId, { limit: settings.historyLimit });
  const blocks = await context.assembler.assemble({
    sessionId,
    inputs: [],
    signal: new AbortController().signal,
    dryRun: true,
    messages: history,
  });
  const tools = (await context.deps.tools?.listTools({ sessionId })) ?? [];
  // Long history texts are counted in slices that let other sessions run ([LIV-3]).
  await context.counter.countMessagesAsync(history);
  const { blockMessages, plan, attribution } = planPrompt({ counter: context.counter, model, blocks, tools });
  const fields = buildTokenUsage({
    messages: [...blockMessages, ...history],
    counter: context.counter,
    classify: classifyByAttribution(attribution),
    tools,
    plan,
    historyMessages: await persistence.countHistory(sessionId),
    historyLimit: settings.historyLimit,
  });
  return { sessionId, snapshot: true, model: model.ref, ...fields };
}
