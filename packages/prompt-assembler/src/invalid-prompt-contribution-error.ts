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
  static readonly code = 'PROMPT_CONTRIBUTION_INVALID';
  /** The contribution's global key. */
  readonly key: string;

  constructor(options: InvalidPromptContributionErrorOptions) {
    super(
      InvalidPromptContributionError.code,
      `Prompt contribution ${options.key} is invalid: ${options.reason}`,
    );
    this.name = 'InvalidPromptContributionError';
    this.key = options.key;
  }

  /** Whether `value` is an `InvalidPromptContributionError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is InvalidPromptContributionError {
    return PromptAssemblerError.isInstance(value) && value.code === InvalidPromptContributionError.code;
  }
}
