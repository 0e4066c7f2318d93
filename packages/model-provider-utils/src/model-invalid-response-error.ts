import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_INVALID_RESPONSE`: the endpoint answered something that is not a chat-completions
 * stream (malformed server-sent events, a tool call without a name, no chunk at all). Not
 * retried.
 */
export class ModelInvalidResponseError extends ModelProviderError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_INVALID_RESPONSE';
  declare readonly code: 'MODEL_INVALID_RESPONSE';

  constructor(message: string, options: Omit<ModelProviderErrorOptions, 'code' | 'retryable'> = {}) {
    super(message, { ...options, code: ModelInvalidResponseError.code, retryable: false });
  }
}
