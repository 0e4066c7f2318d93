import { LlmError } from './llm-error';

/** Options of {@link ChatFailedError}. */
export interface ChatFailedErrorOptions {
  /** The HTTP status of the endpoint's answer, when there was one. */
  readonly status?: number;
  /** Whether trying again later may succeed (rate limit, server error, network). */
  readonly retryable?: boolean;
  readonly cause?: unknown;
}

/** `CHAT_FAILED`: the endpoint failed or answered something unusable. */
export class ChatFailedError extends LlmError {
  /** The stable code of this error. */
  static override readonly code = 'CHAT_FAILED';
  declare readonly code: 'CHAT_FAILED';
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(message: string, options: ChatFailedErrorOptions = {}) {
    super(message, { code: ChatFailedError.code, cause: options.cause });
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}
