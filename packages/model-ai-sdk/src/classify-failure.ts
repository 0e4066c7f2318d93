import {
  type ClassifiedFailure,
  ModelAuthenticationError,
  ModelBadRequestError,
  ModelInvalidResponseError,
  ModelNetworkError,
  ModelProviderError,
  type ModelProviderErrorClass,
  plainErrorText,
  statusFailure,
  withAttempts,
} from '@aalis/model-provider-utils';
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidArgumentError,
  InvalidPromptError,
  InvalidResponseDataError,
  JSONParseError,
  LoadAPIKeyError,
  LoadSettingError,
  NoContentGeneratedError,
  NoSuchModelError,
  TypeValidationError,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';

/** AI SDK errors other than `APICallError`: how each is recognised, its class, and the message lead. */
const knownErrors: ReadonlyArray<readonly [(error: unknown) => boolean, ModelProviderErrorClass, string]> = [
  [(error) => LoadAPIKeyError.isInstance(error), ModelAuthenticationError, 'the model has no API key'],
  ...[
    InvalidResponseDataError,
    JSONParseError,
    TypeValidationError,
    EmptyResponseBodyError,
    NoContentGeneratedError,
  ].map(
    (known) =>
      [
        (error: unknown) => known.isInstance(error),
        ModelInvalidResponseError,
        'the model endpoint sent a reply that cannot be read',
      ] as const,
  ),
  ...[
    InvalidPromptError,
    UnsupportedFunctionalityError,
    InvalidArgumentError,
    LoadSettingError,
    NoSuchModelError,
  ].map(
    (known) =>
      [
        (error: unknown) => known.isInstance(error),
        ModelBadRequestError,
        'the model cannot take the request',
      ] as const,
  ),
];

function messageOf(error: unknown): string {
  return plainErrorText(error instanceof Error ? error.message : String(error));
}

function apiCallFailure(error: APICallError, attempts: number): ClassifiedFailure {
  if (error.statusCode === undefined) {
    const message = `the model endpoint could not be reached: ${messageOf(error)}`;
    return { error: new ModelNetworkError(message, { attempts, cause: error }), headers: undefined };
  }
  const headers = new Headers(error.responseHeaders);
  const serverMessage = plainErrorText(error.message, {
    contentType: headers.get('content-type') ?? undefined,
  });
  return {
    error: statusFailure({ status: error.statusCode, serverMessage, attempts, cause: error }),
    headers,
  };
}

/**
 * Turns whatever one model call threw (or reported in an `error` stream part) into a typed
 * failure: a `ModelProviderError` the stream reader made as it is; `APICallError` by HTTP
 * status (401/403 authentication, 429 rate limited with the response headers for
 * `retry-after`, 5xx server, other 4xx bad request) or, without a status, a network failure;
 * `LoadAPIKeyError` authentication; unreadable data (`InvalidResponseDataError`,
 * `JSONParseError`, `TypeValidationError`, `EmptyResponseBodyError`, `NoContentGeneratedError`)
 * an invalid response; a request the model cannot take (`InvalidPromptError`,
 * `UnsupportedFunctionalityError`, `InvalidArgumentError`, `LoadSettingError`,
 * `NoSuchModelError`) a bad request; anything else (a failed `fetch`, a broken body) a
 * network failure.
 */
export function classifyFailure(error: unknown, attempts: number): ClassifiedFailure {
  if (ModelProviderError.isInstance(error))
    return { error: withAttempts(error, attempts), headers: undefined };
  if (APICallError.isInstance(error)) return apiCallFailure(error, attempts);
  const known = knownErrors.find(([matches]) => matches(error));
  if (known !== undefined) {
    const [, ErrorOfKind, lead] = known;
    return {
      error: new ErrorOfKind(`${lead}: ${messageOf(error)}`, { attempts, cause: error }),
      headers: undefined,
    };
  }
  const message = `the connection to the model endpoint broke: ${messageOf(error)}`;
  return { error: new ModelNetworkError(message, { attempts, cause: error }), headers: undefined };
}
