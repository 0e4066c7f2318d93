import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_NETWORK_ERROR`: the endpoint could not be reached, timed out, or the connection broke
 * while the reply streamed in.
 */
export class ModelNetworkError extends ModelProviderError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_NETWORK_ERROR';
  declare readonly code: 'MODEL_NETWORK_ERROR';

  constructor(message: string, options: Omit<ModelProviderErrorOptions, 'code' | 'retryable'> = {}) {
    super(message, { ...options, code: ModelNetworkError.code, retryable: true });
  }
}
