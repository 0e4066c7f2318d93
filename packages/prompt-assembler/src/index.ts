export type { ContributionBlock } from './contribution-block';
export {
  createPromptAssembler,
  DEFAULT_CONTRIBUTION_TIMEOUT_MS,
  type PromptAssembler,
  type PromptAssemblerOptions,
} from './create-prompt-assembler';
export { createPromptClassifier, type PromptClassifierOptions } from './create-prompt-classifier';
export { type InjectorFigures, injectorFiguresOf } from './injector-figures-of';
export {
  InvalidPromptContributionError,
  type InvalidPromptContributionErrorOptions,
} from './invalid-prompt-contribution-error';
export { PromptAssemblerError, type PromptAssemblerErrorOptions } from './prompt-assembler-error';
export type { PromptAssemblerLogger } from './prompt-assembler-logger';
export type { PromptAssembly } from './prompt-assembly';
export { PromptAssemblyAbortedError } from './prompt-assembly-aborted-error';
export type { PromptAssemblyRequest } from './prompt-assembly-request';
export type { PromptContributionEntry } from './prompt-contribution-entry';
export {
  PromptContributionFailedError,
  type PromptContributionFailedErrorOptions,
} from './prompt-contribution-failed-error';
export type {
  PromptContributionFailure,
  PromptContributionFailureReason,
} from './prompt-contribution-failure';
export type { PromptContributionSource } from './prompt-contribution-source';
export {
  PromptContributionTimeoutError,
  type PromptContributionTimeoutErrorOptions,
} from './prompt-contribution-timeout-error';
export type { PromptMessage, PromptMessageMetadata } from './prompt-message';
