import { LlmError } from './llm-error';

/** `CHAT_ABORTED`: the call's `signal` aborted; `cause` is the signal's reason. */
export class ChatAbortedError extends LlmError {
  declare readonly code: 'CHAT_ABORTED';

  constructor(options?: { readonly cause?: unknown }) {
    super('CHAT_ABORTED', 'the model call was aborted', options);
    this.name = 'ChatAbortedError';
  }

  /** Whether `value` is a `ChatAbortedError`, from any installed copy. */
  static override isInstance(value: unknown): value is ChatAbortedError {
    return LlmError.isInstance(value) && value.code === 'CHAT_ABORTED';
  }
}
