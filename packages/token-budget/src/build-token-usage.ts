import type { ChatMessageLike } from './chat-message';
import {
  computeTokenBreakdown,
  type TokenBreakdownOptions,
  type TokenUsagePart,
} from './compute-token-breakdown';
import type { TokenBudgetPlan } from './plan-token-budget';
import { sumTokenFigures } from './sum-token-figures';
import type { TokenBreakdown } from './token-budget-bucket';
import type { TokenFigure } from './token-figure';

/**
 * The figures of one `token:usage` event, field for field as the agent contract defines them
 * (`TokenUsageEvent` of `@aalis/api-agent`, without its session and turn ids).
 */
export interface TokenUsageFields {
  /** Prompt tokens of the call: the provider's figure when usable, else the estimate [USG-2]. */
  used: number;
  contextWindow: number;
  /** `used / contextWindow` [USG-2]. */
  usageRatio: number;
  tokenBudget: number;
  /** Whether hard trimming applied to this call (or, through a tracker, an earlier one of the turn) [USG-3]. */
  trimmed: boolean;
  /** History and tool-result tokens of the list before hard trimming [USG-4]. */
  untrimmedHistory: number;
  /** Conversation messages of the session as the contract counts them [USG-5]. */
  historyMessages: number;
  /** The turn's history count limit; 0 = none [USG-6]. */
  historyLimit: number;
  /** The 12 buckets [USG-7]. */
  breakdown: TokenBreakdown;
  /** The display rows [USG-7]. */
  parts: TokenUsagePart[];
}

/** What one model call (or one snapshot) is measured from. */
export interface TokenUsageInput<Message extends ChatMessageLike>
  extends Omit<TokenBreakdownOptions<Message>, 'reservedForReply'> {
  /** The budget plan of the call. */
  readonly plan: Pick<TokenBudgetPlan, 'contextWindow' | 'tokenBudget' | 'reservedForReply'>;
  /** The list as assembled, before hard trimming. Default: `messages` (nothing was trimmed). */
  readonly untrimmedMessages?: readonly Message[];
  /** The provider's prompt tokens for the call (`usage.promptTokens`), if it reported any. */
  readonly promptTokens?: number | null;
  /** Whether hard trimming dropped history for this call (`TrimHistoryResult.trimmed`). */
  readonly historyTrimmed?: boolean;
  /** The history count [USG-5]; see `TurnUsageTracker` for counting it through a turn. */
  readonly historyMessages: number;
  /** The turn's history count limit; 0 = none [USG-6]. */
  readonly historyLimit: number;
  /**
   * The figures of `messages` (and of `untrimmedMessages`), when the caller already counted
   * and classified them: they are summed instead of counting each message again, and
   * `classify` is not called. Each list must describe its messages exactly.
   */
  readonly figures?: {
    readonly sent?: readonly TokenFigure[];
    readonly untrimmed?: readonly TokenFigure[];
  };
}

function usablePromptTokens(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * Builds the usage figures of one model call, or of a snapshot when no call was made [USG-8]:
 * - `used` is `promptTokens` when it is a positive finite number, else the estimate of the sent
 *   messages and tool definitions [USG-2]; `usageRatio = used / contextWindow` [USG-2];
 * - `trimmed` is true when history was dropped or the untrimmed list's estimate exceeds
 *   `tokenBudget` [USG-3] (a `TurnUsageTracker` keeps it true for the rest of the turn);
 * - `untrimmedHistory` is `history + toolResults` of the untrimmed list, while `breakdown`
 *   and `parts` describe the sent list [USG-4];
 * - `historyMessages` and `historyLimit` are passed through [USG-5, USG-6].
 */
export function buildTokenUsage<Message extends ChatMessageLike>(
  input: TokenUsageInput<Message>,
): TokenUsageFields {
  const { plan } = input;
  if (!Number.isSafeInteger(plan.contextWindow) || plan.contextWindow <= 0) {
    throw new TypeError('buildTokenUsage: plan.contextWindow must be a positive integer');
  }
  const breakdownOf = (messages: readonly Message[], figures: readonly TokenFigure[] | undefined) =>
    figures === undefined
      ? computeTokenBreakdown({ ...input, messages, reservedForReply: plan.reservedForReply })
      : sumTokenFigures({
          ...input,
          figures,
          toolTokens: input.counter.countTools(input.tools ?? []),
          replyPriming: input.counter.countMessages([]),
          reservedForReply: plan.reservedForReply,
        });
  const sent = breakdownOf(input.messages, input.figures?.sent);
  const untrimmedMessages = input.untrimmedMessages ?? input.messages;
  const untrimmed =
    untrimmedMessages === input.messages ? sent : breakdownOf(untrimmedMessages, input.figures?.untrimmed);
  const used = usablePromptTokens(input.promptTokens) ? input.promptTokens : sent.estimate;
  return {
    used,
    contextWindow: plan.contextWindow,
    usageRatio: used / plan.contextWindow,
    tokenBudget: plan.tokenBudget,
    trimmed: input.historyTrimmed === true || untrimmed.estimate > plan.tokenBudget,
    untrimmedHistory: untrimmed.breakdown.history + untrimmed.breakdown.toolResults,
    historyMessages: input.historyMessages,
    historyLimit: input.historyLimit,
    breakdown: sent.breakdown,
    parts: sent.parts,
  };
}
