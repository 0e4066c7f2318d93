import type { TextRef } from './text-ref';
import type { TokenBudgetBucket } from './token-budget-bucket';

/**
 * Display labels of the buckets, as translatable references (`tokenBudget.bucket.<bucket>`)
 * with English fallbacks. Pass your own labels to `computeTokenBreakdown` to replace any.
 */
export const DEFAULT_BUCKET_LABELS: Readonly<Record<TokenBudgetBucket, TextRef>> = Object.freeze({
  system: { key: 'tokenBudget.bucket.system', fallback: 'System prompt' },
  persona: { key: 'tokenBudget.bucket.persona', fallback: 'Persona' },
  memorySummary: { key: 'tokenBudget.bucket.memorySummary', fallback: 'Memory summary' },
  memoryVector: { key: 'tokenBudget.bucket.memoryVector', fallback: 'Recalled memories' },
  skills: { key: 'tokenBudget.bucket.skills', fallback: 'Skills' },
  platform: { key: 'tokenBudget.bucket.platform', fallback: 'Platform context' },
  subtask: { key: 'tokenBudget.bucket.subtask', fallback: 'Subtasks' },
  systemOther: { key: 'tokenBudget.bucket.systemOther', fallback: 'Other system content' },
  history: { key: 'tokenBudget.bucket.history', fallback: 'History' },
  toolResults: { key: 'tokenBudget.bucket.toolResults', fallback: 'Tool calls and results' },
  toolDefs: { key: 'tokenBudget.bucket.toolDefs', fallback: 'Tool definitions' },
  reservedForReply: { key: 'tokenBudget.bucket.reservedForReply', fallback: 'Reserved for reply' },
});
