import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_SERVER_ERROR`: the endpoint still answered HTTP 5xx (or a transient 408 or 409) after every retry, or sent an
 * error event inside the stream.
 */
export class ModelServerError extends ModelProviderError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_SERVER_ERROR';
  declare readonly code: 'MODEL_SERVER_ERROR';

  constructor(message: string, options: Omit<ModelProviderErrorOptions, 'code' | 'retryable'> = {}) {
    super(message, { ...options, code: ModelServerError.code, retryable: true });
  }
}
