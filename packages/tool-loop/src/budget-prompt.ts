import type { PromptBlock } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import type { ToolDefinition } from '@aalis/api-tools';
import {
  type MessageAttribution,
  type TokenBudgetPlan,
  type TokenFigure,
  trimHistory,
} from '@aalis/token-budget';
import { planPrompt } from './plan-prompt';
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
  /** The counted figures of `untrimmed` (blocks, conversation by bucket, `extra`): nothing is counted again. */
  readonly untrimmedFigures: readonly TokenFigure[];
  /** `messages` as budgeted: a hook that changes the list in place is told apart by it. */
  readonly budgeted: readonly ChatMessage[];
  /** The content of each of `budgeted` as counted: a hook that rewrites a message in place is told apart by it ([USG-2]). */
  readonly budgetedContents: readonly ChatMessage['content'][];
}

/** The parts of one model call's prompt. */
export interface PromptParts {
  readonly blocks: readonly PromptBlock[];
  /** Instructions for this call only (never trimmed, counted as `systemOther`). */
  readonly extra: readonly ChatMessage[];
  readonly tools: readonly ToolDefinition[];
}

/**
 * Shares the model's context window out and hard-trims the conversation to its allowance
 * ([USG-9]): the oldest history goes first, in token-sized chunks at group boundaries; the
 * blocks, the turn's inputs, retry exchanges, `extra` and the latest tool-call group stay.
 * Sums figures counted before (the blocks' own, the turn's conversation ledger); only `extra`
 * is counted here, and single messages only when the conversation exceeds its allowance.
 */
export function budgetPrompt(run: TurnRun, parts: PromptParts): BudgetedPrompt {
  const { counter } = run;
  const ledger = run.state.conversation;
  const tools = parts.tools;
  const { blockMessages, plan, attribution } = planPrompt({
    counter,
    model: run.model,
    blocks: parts.blocks,
    tools,
    toolTokens: tools === run.offeredTools ? run.offeredToolTokens : counter.countTools(tools),
    maxTokenBudget: run.maxTokenBudget,
  });
  const extraTokens =
    parts.extra.length === 0 ? 0 : counter.countMessages(parts.extra) - counter.countMessages([]);
  for (const message of parts.extra) attribution.set(message, { bucket: 'systemOther' });
  const untrimmedFigures: TokenFigure[] = [...parts.blocks, ...ledger.figures()];
  if (extraTokens > 0) untrimmedFigures.push({ bucket: 'systemOther', tokens: extraTokens });
  const fixed = { plan, attribution, untrimmedFigures };
  if (ledger.tokens + extraTokens <= plan.historyAllowance) {
    // Within its allowance (the common case): nothing to trim, no message to visit.
    const messages = blockMessages.concat(ledger.messages, parts.extra);
    // Nothing dropped: the untrimmed list is the sent one, so its breakdown is computed once.
    return { ...fixed, messages, untrimmed: messages, historyTrimmed: false, ...asBudgeted(messages) };
  }
  const conversation = [...ledger.messages, ...parts.extra];
  const extra = new Set(parts.extra);
  const trimmed = trimHistory({
    history: conversation,
    allowance: plan.historyAllowance,
    counter,
    isProtected: (message) => run.state.protectedMessages.has(message) || extra.has(message),
  });
  const messages = [...blockMessages, ...trimmed.kept];
  return {
    ...fixed,
    messages,
    untrimmed: trimmed.trimmed ? [...blockMessages, ...conversation] : messages,
    historyTrimmed: trimmed.trimmed,
    ...asBudgeted(messages),
  };
}

/** The list and the contents as counted, for telling a hook's changes apart from them. */
function asBudgeted(messages: readonly ChatMessage[]): Pick<BudgetedPrompt, 'budgeted' | 'budgetedContents'> {
  return { budgeted: messages.slice(), budgetedContents: messages.map((message) => message.content) };
}
