export { createToolLoop, type ToolLoop } from './create-tool-loop';
export { DEFAULT_NOTICES } from './default-notices';
export { HookRunError } from './hook-run-error';
export { ModelCallError } from './model-call-error';
export { ModelUnavailableError } from './model-unavailable-error';
export { PersistenceError } from './persistence-error';
export { classifyByAttribution, type PlanPromptOptions, type PromptPlan, planPrompt } from './plan-prompt';
export { runToolLoop } from './run-tool-loop';
export type {
  RunToolLoopOptions,
  ToolLoopBudget,
  ToolLoopOptions,
  ToolLoopRequest,
} from './run-tool-loop-options';
export type { ToolLoopAssembler } from './tool-loop-assembler';
export { ToolLoopError, type ToolLoopErrorOptions } from './tool-loop-error';
export { DEFAULT_TOOL_LOOP_LIMITS, type ToolLoopLimits } from './tool-loop-limits';
export type { ToolLoopNotices } from './tool-loop-notices';
export type { ReplyRecord, ToolGroupRecord, ToolLoopPersistence } from './tool-loop-persistence';
export type { ToolLoopResult } from './tool-loop-result';
export type { ToolLoopSession, ToolLoopSettings } from './tool-loop-session';
export type { ToolLoopTurn } from './tool-loop-turn';
export { ToolServiceError } from './tool-service-error';
export { truncateToolResult } from './truncate-tool-result';
export { TurnAbortedError } from './turn-aborted-error';
export { TurnFailedError } from './turn-failed-error';
export {
  checkToolArguments,
  type ToolArgumentsCheck,
  validateToolArguments,
} from './validate-tool-arguments';
