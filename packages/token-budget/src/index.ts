export { DEFAULT_BUCKET_LABELS } from './bucket-labels';
export { BudgetPlanError } from './budget-plan-error';
export { buildTokenUsage, type TokenUsageFields, type TokenUsageInput } from './build-token-usage';
export type {
  CamelCaseToolCall,
  ChatContentPart,
  ChatMessageLike,
  OpenAIToolCall,
} from './chat-message';
export { classifyMessageByRole } from './classify-message-by-role';
export {
  computeTokenBreakdown,
  type TokenBreakdownOptions,
  type TokenBreakdownResult,
  type TokenUsagePart,
} from './compute-token-breakdown';
export { DEFAULT_MODEL_LIMITS, type ModelLimits } from './default-model-limits';
export { encodingForModel } from './encoding-for-model';
export type { AsyncCountOptions } from './event-loop-slicer';
export type {
  MessageAttribution,
  MessageClassification,
  MessageClassifier,
  MessageSegment,
  SegmentedAttribution,
} from './message-classification';
export {
  createModelTable,
  type ModelTable,
  type ModelTableEntry,
  type ModelTableOptions,
} from './model-table';
export { DEFAULT_PART_ORDER, type PartBucket } from './part-order';
export { planTokenBudget, type TokenBudgetPlan, type TokenBudgetPlanOptions } from './plan-token-budget';
export {
  type SumTokenFiguresOptions,
  sumTokenFigures,
  type TokenPartsOptions,
} from './sum-token-figures';
export type { TextRef } from './text-ref';
export {
  type MessageBucket,
  TOKEN_BUDGET_BUCKETS,
  type TokenBreakdown,
  type TokenBudgetBucket,
} from './token-budget-bucket';
export { TokenBudgetError, type TokenBudgetErrorOptions } from './token-budget-error';
export {
  type ChatRequestLike,
  createTokenCounter,
  type TokenCounter,
  type TokenCounterOptions,
  type TokenCounterStats,
} from './token-counter';
export { DEFAULT_ENCODING, TOKEN_ENCODINGS, type TokenEncodingName } from './token-encoding';
export type { TokenFigure } from './token-figure';
export type {
  FlatToolDefinition,
  JsonSchema,
  OpenAIToolDefinition,
  ToolDefinitionLike,
} from './tool-definition';
export { type TrimHistoryOptions, type TrimHistoryResult, trimHistory } from './trim-history';
export {
  createTurnUsageTracker,
  type TrackedUsageInput,
  type TurnUsageTracker,
  type TurnUsageTrackerOptions,
} from './turn-usage-tracker';
export { UnknownEncodingError } from './unknown-encoding-error';
