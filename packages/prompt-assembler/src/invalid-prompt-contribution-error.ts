import { PromptAssemblerError } from './prompt-assembler-error';

/** Options of {@link InvalidPromptContributionError}. */
export interface InvalidPromptContributionErrorOptions {
  /** The contribution's global key (as listed, when its own local id is unusable). */
  readonly key: string;
  /** What is wrong with it. */
  readonly reason: string;
}

/**
 * A contribution's spec or output breaks the `agent:prompt` contract (no usable `localId`, an
 * unknown `bucket`, no `build`, a local id used twice by one plugin instance, an output that is
 * neither text, messages nor nothing): it is left out of this model call and the turn goes on.
 * Never thrown by `assemble`; listed in `PromptAssembly.failures`.
 */
export class InvalidPromptContributionError extends PromptAssemblerError {
  /** The stable code of this error. */
  static override readonly code = 'PROMPT_CONTRIBUTION_INVALID';
  /** The contribution's global key. */
  readonly key: string;

  constructor(options: InvalidPromptContributionErrorOptions) {
    super(`Prompt contribution ${options.key} is invalid: ${options.reason}`, {
      code: InvalidPromptContributionError.code,
    });
    this.key = options.key;
  }
}
