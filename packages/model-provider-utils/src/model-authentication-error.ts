import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_AUTHENTICATION_FAILED`: the endpoint refused the credentials (HTTP 401 or 403). Not
 * retried.
 */
export class ModelAuthenticationError extends ModelProviderError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_AUTHENTICATION_FAILED';
  declare readonly code: 'MODEL_AUTHENTICATION_FAILED';

  constructor(message: string, options: Omit<ModelProviderErrorOptions, 'code' | 'retryable'> = {}) {
    super(message, { ...options, code: ModelAuthenticationError.code, retryable: false });
  }
}
