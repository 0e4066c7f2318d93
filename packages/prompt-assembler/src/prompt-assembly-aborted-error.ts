import { PromptAssemblerError, type PromptAssemblerErrorOptions } from './prompt-assembler-error';

/**
 * `assemble` was called with, or saw, an aborted turn signal: it stopped waiting for the
 * contributions at once and rejects with this error, the signal's reason as `cause`. The
 * contributions still building see their own view's `signal` abort.
 */
export class PromptAssemblyAbortedError extends PromptAssemblerError {
  /** The stable code of this error. */
  static readonly code = 'PROMPT_ASSEMBLY_ABORTED';

  constructor(options: PromptAssemblerErrorOptions = {}) {
    super(PromptAssemblyAbortedError.code, 'Prompt assembly stopped: the turn was aborted', options);
    this.name = 'PromptAssemblyAbortedError';
  }

  /** Whether `value` is a `PromptAssemblyAbortedError` from any installed copy of this package. */
  static override isInstance(value: unknown): value is PromptAssemblyAbortedError {
    return PromptAssemblerError.isInstance(value) && value.code === PromptAssemblyAbortedError.code;
  }
}
