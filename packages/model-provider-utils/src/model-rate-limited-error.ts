import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/** `MODEL_RATE_LIMITED`: the endpoint still answered HTTP 429 after every retry. */
export class ModelRateLimitedError extends ModelProviderError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_RATE_LIMITED';
  declare readonly code: 'MODEL_RATE_LIMITED';

  constructor(message: string, options: Omit<ModelProviderErrorOptions, 'code' | 'retryable'> = {}) {
    super(message, { ...options, code: ModelRateLimitedError.code, retryable: true });
  }
}
