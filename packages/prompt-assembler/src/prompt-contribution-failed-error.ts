import { PromptAssemblerError } from './prompt-assembler-error';

/** Options of {@link PromptContributionFailedError}. */
export interface PromptContributionFailedErrorOptions {
  /** The contribution's global key `pluginInstanceId/localId`. */
  readonly key: string;
  /** What `build` threw or rejected with. */
  readonly cause: unknown;
}

/**
 * A contribution's `build` threw or rejected: the contribution is left out of this model call
 * and the turn goes on. Never thrown by `assemble`; listed in `PromptAssembly.failures`.
 */
export class PromptContributionFailedError extends PromptAssemblerError {
  /** The stable code of this error. */
  static override readonly code = 'PROMPT_CONTRIBUTION_FAILED';
  /** The contribution's global key. */
  readonly key: string;

  constructor(options: PromptContributionFailedErrorOptions) {
    super(`Prompt contribution ${options.key} failed to build`, {
      code: PromptContributionFailedError.code,
      cause: options.cause,
    });
    this.key = options.key;
  }
}
