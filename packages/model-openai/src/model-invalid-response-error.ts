import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_INVALID_RESPONSE`: the endpoint answered something that is not a chat-completions
 * stream (malformed server-sent events, a tool call without a name, no chunk at all). Not
 * retried.
 */
export class ModelInvalidResponseError extends ModelProviderError {
  declare readonly code: 'MODEL_INVALID_RESPONSE';

  constructor(message: string, options: ModelProviderErrorOptions = {}) {
    super('MODEL_INVALID_RESPONSE', message, { ...options, retryable: false });
    this.name = 'ModelInvalidResponseError';
  }

  /** Whether `value` is a `ModelInvalidResponseError`, from any installed copy. */
  static override isInstance(value: unknown): value is ModelInvalidResponseError {
    return ModelProviderError.isInstance(value) && value.code === 'MODEL_INVALID_RESPONSE';
  }
}
