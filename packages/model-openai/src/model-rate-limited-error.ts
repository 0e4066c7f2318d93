import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/** `MODEL_RATE_LIMITED`: the endpoint still answered HTTP 429 after every retry. */
export class ModelRateLimitedError extends ModelProviderError {
  declare readonly code: 'MODEL_RATE_LIMITED';

  constructor(message: string, options: ModelProviderErrorOptions = {}) {
    super('MODEL_RATE_LIMITED', message, { ...options, retryable: true });
    this.name = 'ModelRateLimitedError';
  }

  /** Whether `value` is a `ModelRateLimitedError`, from any installed copy. */
  static override isInstance(value: unknown): value is ModelRateLimitedError {
    return ModelProviderError.isInstance(value) && value.code === 'MODEL_RATE_LIMITED';
  }
}
