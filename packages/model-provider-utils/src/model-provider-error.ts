import {
  brandError,
  defineIsInstance,
  type ErrorFamilyOptions,
  errorOptions,
  type IsInstance,
} from '@aalis/schema-message/error-family';

const brand = Symbol.for('@aalis/model-provider-utils/error');

/** The stable codes of {@link ModelProviderError} and its subclasses (listed in the README). */
export type ModelProviderErrorCode =
  | 'MODEL_AUTHENTICATION_FAILED'
  | 'MODEL_RATE_LIMITED'
  | 'MODEL_SERVER_ERROR'
  | 'MODEL_BAD_REQUEST'
  | 'MODEL_NETWORK_ERROR'
  | 'MODEL_INVALID_RESPONSE';

/**
 * Options of {@link ModelProviderError}: the code and retryability (each subclass fixes both),
 * the cause, and the details of the failure. A subclass takes them without `code` and
 * `retryable`.
 */
export interface ModelProviderErrorOptions extends ErrorFamilyOptions {
  readonly code: ModelProviderErrorCode;
  /** Whether the same request may succeed later. */
  readonly retryable: boolean;
  /** The HTTP status of the endpoint's answer, when there was one. */
  readonly status?: number;
  /** How many requests were sent for the call, retries included. Defaults to 1. */
  readonly attempts?: number;
}

/**
 * Base class of the failures of a model endpoint, whatever its provider, in the one error pattern of
 * docs/errors.md. `chat` rejects with the contract's `ChatFailedError` whose `cause` is one of
 * these, so callers that know this provider can tell an expired key from a rate limit by
 * `code`. Use `ModelProviderError.isInstance(value)` rather than `instanceof`, which fails when
 * two copies of the package are installed; `ModelRateLimitedError.isInstance(value)` checks
 * that code only.
 */
export class ModelProviderError extends Error {
  /** The code of the subclass; `undefined` on the base class, which matches every code. */
  static readonly code: string | undefined = undefined;
  /**
   * Whether `value` is an error of this class (by brand and code), from any installed copy:
   * on the base class any error of the package, on a subclass only its code. Works detached.
   */
  declare static readonly isInstance: IsInstance<ModelProviderError>;

  static {
    defineIsInstance(ModelProviderError, brand);
  }

  /** A stable machine-readable code, listed in the README. */
  readonly code: ModelProviderErrorCode;
  /** The HTTP status of the endpoint's answer; `undefined` for network and stream failures. */
  readonly status: number | undefined;
  /** Whether the same request may succeed later (rate limit, server error, network). */
  readonly retryable: boolean;
  /** How many requests were sent for the call, retries included. */
  readonly attempts: number;

  constructor(message: string, options: ModelProviderErrorOptions) {
    super(message, errorOptions(options));
    this.name = new.target.name;
    this.code = options.code;
    this.status = options.status;
    this.retryable = options.retryable;
    this.attempts = options.attempts ?? 1;
    brandError(this, brand);
  }
}
