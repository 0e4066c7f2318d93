import { PromptAssemblerError } from './prompt-assembler-error';

/** Options of {@link PromptContributionTimeoutError}. */
export interface PromptContributionTimeoutErrorOptions {
  /** The contribution's global key `pluginInstanceId/localId`. */
  readonly key: string;
  /** The time limit it exceeded. */
  readonly timeoutMs: number;
}

/**
 * A contribution's `build` did not settle within its time limit: it is left out of this model
 * call, its view's `signal` aborts with this error, and the turn goes on. Never thrown by
 * `assemble`; listed in `PromptAssembly.failures`.
 */
export class PromptContributionTimeoutError extends PromptAssemblerError {
  /** The stable code of this error. */
  static override readonly code = 'PROMPT_CONTRIBUTION_TIMEOUT';
  /** The contribution's global key. */
  readonly key: string;
  /** The time limit it exceeded, in milliseconds. */
  readonly timeoutMs: number;

  constructor(options: PromptContributionTimeoutErrorOptions) {
    super(`Prompt contribution ${options.key} did not build within ${options.timeoutMs} ms`, {
      code: PromptContributionTimeoutError.code,
    });
    this.key = options.key;
    this.timeoutMs = options.timeoutMs;
  }
}
