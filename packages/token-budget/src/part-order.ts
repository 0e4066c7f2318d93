import { TOKEN_BUDGET_BUCKETS, type TokenBudgetBucket } from './token-budget-bucket';

/** The buckets `parts` may list: every bucket except `reservedForReply` [USG-7]. */
export type PartBucket = Exclude<TokenBudgetBucket, 'reservedForReply'>;

/**
 * The default display order of `parts` [USG-7]: the canonical bucket order (the system side,
 * then history, tool results and tool definitions), without `reservedForReply`.
 */
export const DEFAULT_PART_ORDER: readonly PartBucket[] = Object.freeze(
  TOKEN_BUDGET_BUCKETS.filter((bucket): bucket is PartBucket => bucket !== 'reservedForReply'),
);
