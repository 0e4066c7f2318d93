import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_BAD_REQUEST`: the endpoint rejected the request (HTTP 400, or another 4xx such as 404
 * for a model it does not serve); the message carries the server's own message. Not retried.
 */
export class ModelBadRequestError extends ModelProviderError {
  declare readonly code: 'MODEL_BAD_REQUEST';

  constructor(message: string, options: ModelProviderErrorOptions = {}) {
    super('MODEL_BAD_REQUEST', message, { ...options, retryable: false });
    this.name = 'ModelBadRequestError';
  }

  /** Whether `value` is a `ModelBadRequestError`, from any installed copy. */
  static override isInstance(value: unknown): value is ModelBadRequestError {
    return ModelProviderError.isInstance(value) && value.code === 'MODEL_BAD_REQUEST';
  }
}
