const errorBrand = Symbol.for('@aalis/model-openai/error');

/** The stable codes of {@link ModelProviderError} and its subclasses (listed in the README). */
export type ModelProviderErrorCode =
  | 'MODEL_AUTHENTICATION_FAILED'
  | 'MODEL_RATE_LIMITED'
  | 'MODEL_SERVER_ERROR'
  | 'MODEL_BAD_REQUEST'
  | 'MODEL_NETWORK_ERROR'
  | 'MODEL_INVALID_RESPONSE';

/** Options of {@link ModelProviderError} and its subclasses. */
export interface ModelProviderErrorOptions {
  /** The HTTP status of the endpoint's answer, when there was one. */
  readonly status?: number;
  /** How many requests were sent for the call, retries included. Defaults to 1. */
  readonly attempts?: number;
  readonly cause?: unknown;
}

/**
 * Base class of the failures of an OpenAI-compatible endpoint. `chat` rejects with the
 * contract's `ChatFailedError` whose `cause` is one of these, so callers that know this
 * provider can tell an expired key from a rate limit by `code`. Use
 * `ModelProviderError.isInstance(value)` rather than `instanceof`, which fails when two
 * copies of the package are installed.
 */
export class ModelProviderError extends Error {
  /** Stable machine-readable code. */
  readonly code: ModelProviderErrorCode;
  /** The HTTP status of the endpoint's answer; `undefined` for network and stream failures. */
  readonly status: number | undefined;
  /** Whether the same request may succeed later (rate limit, server error, network). */
  readonly retryable: boolean;
  /** How many requests were sent for the call, retries included. */
  readonly attempts: number;

  constructor(
    code: ModelProviderErrorCode,
    message: string,
    options: ModelProviderErrorOptions & { readonly retryable: boolean },
  ) {
    super(message, { cause: options.cause });
    this.name = 'ModelProviderError';
    this.code = code;
    this.status = options.status;
    this.retryable = options.retryable;
    this.attempts = options.attempts ?? 1;
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is an error of this package, from any installed copy. */
  static isInstance(value: unknown): value is ModelProviderError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[errorBrand] === true;
  }
}
