import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_AUTHENTICATION_FAILED`: the endpoint refused the credentials (HTTP 401 or 403). Not
 * retried.
 */
export class ModelAuthenticationError extends ModelProviderError {
  declare readonly code: 'MODEL_AUTHENTICATION_FAILED';

  constructor(message: string, options: ModelProviderErrorOptions = {}) {
    super('MODEL_AUTHENTICATION_FAILED', message, { ...options, retryable: false });
    this.name = 'ModelAuthenticationError';
  }

  /** Whether `value` is a `ModelAuthenticationError`, from any installed copy. */
  static override isInstance(value: unknown): value is ModelAuthenticationError {
    return ModelProviderError.isInstance(value) && value.code === 'MODEL_AUTHENTICATION_FAILED';
  }
}
