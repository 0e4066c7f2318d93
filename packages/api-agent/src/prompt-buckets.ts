/**
 * The buckets a prompt contribution counts in: the prompt part of `TOKEN_BUDGET_BUCKETS`
 * ([USG-7], [PRM-3]).
 */
export const PROMPT_BUCKETS = [
  'system',
  'persona',
  'memorySummary',
  'memoryVector',
  'skills',
  'platform',
  'subtask',
  'systemOther',
] as const;

/** One of {@link PROMPT_BUCKETS}. */
export type PromptBucket = (typeof PROMPT_BUCKETS)[number];
