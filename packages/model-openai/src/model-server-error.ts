import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_SERVER_ERROR`: the endpoint still answered HTTP 5xx after every retry, or sent an
 * error event inside the stream.
 */
export class ModelServerError extends ModelProviderError {
  declare readonly code: 'MODEL_SERVER_ERROR';

  constructor(message: string, options: ModelProviderErrorOptions = {}) {
    super('MODEL_SERVER_ERROR', message, { ...options, retryable: true });
    this.name = 'ModelServerError';
  }

  /** Whether `value` is a `ModelServerError`, from any installed copy. */
  static override isInstance(value: unknown): value is ModelServerError {
    return ModelProviderError.isInstance(value) && value.code === 'MODEL_SERVER_ERROR';
  }
}
