import type { PromptAssemblerError } from './prompt-assembler-error';

/** Why a contribution was left out of a model call. */
export type PromptContributionFailureReason = 'error' | 'timeout' | 'invalid';

/**
 * A contribution left out of one model call: its `build` threw or rejected (`error`,
 * `PromptContributionFailedError`), exceeded its time limit (`timeout`,
 * `PromptContributionTimeoutError`), or its spec or output broke the contract (`invalid`,
 * `InvalidPromptContributionError`). The turn goes on without it.
 */
export interface PromptContributionFailure {
  /** The contribution's global key `pluginInstanceId/localId`. */
  readonly key: string;
  readonly reason: PromptContributionFailureReason;
  readonly error: PromptAssemblerError;
}
