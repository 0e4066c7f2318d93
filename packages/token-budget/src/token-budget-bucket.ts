/**
 * The 12 fixed budget buckets of a usage breakdown, in their canonical order [USG-7].
 *
 * - `system` … `systemOther`: what the system side of the prompt carries (base system prompt,
 *   persona, memory summary, recalled memories, skills, platform context, subtasks, the rest);
 * - `history`, `toolResults`: the conversation, and tool calls with their results;
 * - `toolDefs`: the tool definitions sent with the request;
 * - `reservedForReply`: the reply tokens (`maxTokens`) kept free in the context window.
 */
export const TOKEN_BUDGET_BUCKETS = [
  'system',
  'persona',
  'memorySummary',
  'memoryVector',
  'skills',
  'platform',
  'subtask',
  'systemOther',
  'history',
  'toolResults',
  'toolDefs',
  'reservedForReply',
] as const;

/** One of the 12 budget buckets [USG-7]. */
export type TokenBudgetBucket = (typeof TOKEN_BUDGET_BUCKETS)[number];

/** The buckets a message (or a piece of one) can be attributed to: all but the computed ones. */
export type MessageBucket = Exclude<TokenBudgetBucket, 'toolDefs' | 'reservedForReply'>;

/** Token figures for every bucket [USG-7]. */
export type TokenBreakdown = Record<TokenBudgetBucket, number>;
