import { ModelProviderError, type ModelProviderErrorOptions } from './model-provider-error';

/**
 * `MODEL_BAD_REQUEST`: the endpoint rejected the request (HTTP 400, or another 4xx such as 404
 * for a model it does not serve); the message carries the server's own message. Not retried.
 */
export class ModelBadRequestError extends ModelProviderError {
  /** The stable code of this error. */
  static override readonly code = 'MODEL_BAD_REQUEST';
  declare readonly code: 'MODEL_BAD_REQUEST';

  constructor(message: string, options: Omit<ModelProviderErrorOptions, 'code' | 'retryable'> = {}) {
    super(message, { ...options, code: ModelBadRequestError.code, retryable: false });
  }
}
