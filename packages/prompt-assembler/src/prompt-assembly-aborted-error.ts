import { PromptAssemblerError, type PromptAssemblerErrorOptions } from './prompt-assembler-error';

/**
 * `assemble` was called with, or saw, an aborted turn signal: it stopped waiting for the
 * contributions at once and rejects with this error, the signal's reason as `cause`. The
 * contributions still building see their own view's `signal` abort.
 */
export class PromptAssemblyAbortedError extends PromptAssemblerError {
  /** The stable code of this error. */
  static override readonly code = 'PROMPT_ASSEMBLY_ABORTED';

  constructor(options: Omit<PromptAssemblerErrorOptions, 'code'> = {}) {
    super('Prompt assembly stopped: the turn was aborted', {
      ...options,
      code: PromptAssemblyAbortedError.code,
    });
  }
}
