import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_NETWORK_ERROR`: the endpoint could not be reached, timed out, or the connection broke
 * while the reply streamed in.
 */
export class ModelNetworkError extends ModelProviderError {
  declare readonly code: 'MODEL_NETWORK_ERROR';

  constructor(message: string, options: ModelProviderErrorOptions = {}) {
    super('MODEL_NETWORK_ERROR', message, { ...options, retryable: true });
    this.name = 'ModelNetworkError';
  }

  /** Whether `value` is a `ModelNetworkError`, from any installed copy. */
  static override isInstance(value: unknown): value is ModelNetworkError {
    return ModelProviderError.isInstance(value) && value.code === 'MODEL_NETWORK_ERROR';
  }
}
