import type { ChatMessage } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import { type MessageAttribution, type TokenBudgetPlan, trimHistory } from '@aalis/token-budget';
import { planPrompt } from './plan-prompt';
import type { PromptBlock } from './prompt-block';
import type { TurnRun } from './turn-run';

/** What one model call sends, before `agent:llm:before`, and how it was budgeted. */
export interface BudgetedPrompt {
  /** Blocks, then the kept conversation. */
  readonly messages: ChatMessage[];
  /** Blocks, then the whole conversation (what would have been sent without trimming). */
  readonly untrimmed: readonly ChatMessage[];
  readonly plan: TokenBudgetPlan;
  /** Whether hard trimming dropped history for this call ([USG-3]). */
  readonly historyTrimmed: boolean;
  /** The bucket (and injector) of each message that is not classified by its role ([USG-7]). */
  readonly attribution: ReadonlyMap<ChatMessage, MessageAttribution>;
}

/** The parts of one model call's prompt. */
export interface PromptParts {
  readonly blocks: readonly PromptBlock[];
  /** History, then the turn's transcript, then `extra`. */
  readonly conversation: readonly ChatMessage[];
  /** Instructions for this call only (never trimmed, counted as `systemOther`). */
  readonly extra: readonly ChatMessage[];
  readonly tools: readonly ToolDefinition[];
}

/**
 * Shares the model's context window out and hard-trims the conversation to its allowance
 * ([USG-9]): the oldest history goes first, in token-sized chunks at group boundaries; the
 * blocks, the turn's inputs, retry exchanges, `extra` and the latest tool-call group stay.
 */
export function budgetPrompt(run: TurnRun, parts: PromptParts): BudgetedPrompt {
  const { counter } = run;
  const { blockMessages, plan, attribution } = planPrompt({
    counter,
    model: run.model,
    blocks: parts.blocks,
    tools: parts.tools,
    maxTokenBudget: run.maxTokenBudget,
  });
  const extra = new Set(parts.extra);
  const trimmed = trimHistory({
    history: parts.conversation,
    allowance: plan.historyAllowance,
    counter,
    isProtected: (message) => run.protectedMessages.has(message) || extra.has(message),
  });
  for (const message of parts.extra) attribution.set(message, { bucket: 'systemOther' });
  const messages = [...blockMessages, ...trimmed.kept];
  return {
    messages,
    // Nothing dropped: the untrimmed list is the sent one, so its breakdown is computed once.
    untrimmed: trimmed.trimmed ? [...blockMessages, ...parts.conversation] : messages,
    plan,
    historyTrimmed: trimmed.trimmed,
    attribution,
  };
}
