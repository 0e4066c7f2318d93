import { PROMPT_BUCKETS } from './prompt-buckets';

/**
 * The 12 fixed buckets of `TokenUsageEvent.breakdown`, in display order ([USG-7]). The first
 * eight are prompt buckets (`PROMPT_BUCKETS`); `reservedForReply` is the room kept for the
 * reply (`maxTokens`) and has no row in `parts`.
 */
export const TOKEN_BUDGET_BUCKETS = [
  ...PROMPT_BUCKETS,
  'history',
  'toolResults',
  'toolDefs',
  'reservedForReply',
] as const;

/** One of {@link TOKEN_BUDGET_BUCKETS}. */
export type TokenBudgetBucket = (typeof TOKEN_BUDGET_BUCKETS)[number];

/** Token estimate per bucket; the figures need not add up to `used` ([USG-7]). */
export type TokenBudgetBreakdown = Readonly<Record<TokenBudgetBucket, number>>;
