import type { AgentLlmBeforePayload } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import { assemblePrompt } from './assemble-prompt';
import { type BudgetedPrompt, budgetPrompt } from './budget-prompt';
import { joinPendingInsertions } from './join-pending-insertions';
import { runHook } from './run-hook';
import type { TurnRun } from './turn-run';

/** What to offer in one model call. */
export interface ModelCallPlan {
  /** Offer the session's tools (false for the last call at the iteration limit and format retries). */
  readonly offerTools: boolean;
  /** Instructions for this call only, after the conversation. */
  readonly extra: readonly ChatMessage[];
}

/** A model call ready to be made: what `agent:llm:before` left in its payload. */
export interface PreparedCall extends Omit<BudgetedPrompt, 'messages'> {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ToolDefinition[];
  /** 0 for the turn's first model call, then 1, 2, … */
  readonly iteration: number;
}

/**
 * Everything before one model call: pending insertions join ([SCH-2]), the prompt is
 * assembled ([PRM-1]), counted without stalling the process ([LIV-3]), budgeted and
 * hard-trimmed ([USG-9]), and `agent:llm:before` runs with
 * the model's vision capability as `acceptsImages` and the turn's source ([HK-3]). Resolves
 * with `undefined` when a middleware blocked the call.
 */
export async function prepareModelCall(run: TurnRun, plan: ModelCallPlan): Promise<PreparedCall | undefined> {
  await joinPendingInsertions(run);
  const blocks = await assemblePrompt(run, plan.extra);
  // A long text counted cold blocks the event loop: what the turn appended since the last
  // call is counted in slices, so the budgeting below sums figures only ([LIV-3]).
  await run.state.conversation.count(run.abortRace);
  const offered = plan.offerTools ? run.offeredTools : [];
  const budgeted = budgetPrompt(run, { blocks, extra: plan.extra, tools: offered });
  const tools = [...offered];
  const iteration = run.state.counts.iterations;
  run.state.counts.iterations += 1;
  const payload: AgentLlmBeforePayload = {
    messages: budgeted.messages,
    tools,
    acceptsImages: run.acceptsImages,
    sessionId: run.turn.sessionId,
    turnId: run.turn.turnId,
    ...(run.turn.source === undefined ? {} : { source: run.turn.source }),
    model: run.model,
    thinking: run.session.settings.deepThinking,
    iteration,
  };
  const outcome = await runHook(run, 'agent:llm:before', payload);
  if (outcome.blocked) return undefined;
  return { ...budgeted, messages: payload.messages, tools: payload.tools, iteration };
}
