import { LlmError } from './llm-error';

/** `CHAT_ABORTED`: the call's `signal` aborted; `cause` is the signal's reason. */
export class ChatAbortedError extends LlmError {
  /** The stable code of this error. */
  static override readonly code = 'CHAT_ABORTED';
  declare readonly code: 'CHAT_ABORTED';

  constructor(options?: { readonly cause?: unknown }) {
    super('the model call was aborted', { ...options, code: ChatAbortedError.code });
  }
}
