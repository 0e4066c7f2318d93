import {
  type ClassifiedFailure,
  ModelAuthenticationError,
  ModelBadRequestError,
  ModelInvalidResponseError,
  ModelNetworkError,
  ModelProviderError,
  ModelRateLimitedError,
  ModelServerError,
  withAttempts,
} from '@aalis/model-provider-utils';
import { APIConnectionError, APIError } from 'openai';
import { plainErrorText } from './plain-error-text';

/**
 * The server's own message, short and plain: `error.message` of a JSON body when present, else
 * the body text the SDK quoted (an HTML error page loses its markup), without the status the
 * SDK put before it.
 */
function serverMessage(error: APIError): string {
  const body = error.error as { readonly message?: unknown } | undefined;
  if (typeof body?.message === 'string' && body.message.length > 0) return plainErrorText(body.message);
  const prefix = `${error.status} `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return plainErrorText(text, { contentType: error.headers?.get('content-type') ?? undefined });
}

function statusFailure(error: APIError & { readonly status: number }, attempts: number): ModelProviderError {
  const options = { status: error.status, attempts, cause: error };
  const detail = `(HTTP ${error.status}): ${serverMessage(error)}`;
  if (error.status === 401 || error.status === 403) {
    return new ModelAuthenticationError(`the model endpoint refused the credentials ${detail}`, options);
  }
  if (error.status === 429) {
    return new ModelRateLimitedError(`the model endpoint is rate limiting requests ${detail}`, options);
  }
  if (error.status >= 500) return new ModelServerError(`the model endpoint failed ${detail}`, options);
  return new ModelBadRequestError(`the model endpoint rejected the request ${detail}`, options);
}

/**
 * Turns whatever one request threw into a {@link ModelProviderError}: a failure the stream
 * reader found itself (a server error in the stream, an idle timeout, a cut-off stream, an
 * invalid response) as it is, HTTP statuses by class (401/403, 429, 5xx, other 4xx) with the
 * server's message made plain and short, connection failures and timeouts as network
 * errors, unparsable data as an invalid response, and a broken body stream (any other error)
 * as a network error.
 */
export function classifyFailure(error: unknown, attempts: number): ClassifiedFailure {
  if (ModelProviderError.isInstance(error))
    return { error: withAttempts(error, attempts), headers: undefined };
  if (error instanceof APIConnectionError) {
    const message = `the model endpoint could not be reached: ${error.message}`;
    return { error: new ModelNetworkError(message, { attempts, cause: error }), headers: undefined };
  }
  if (error instanceof APIError) {
    if (typeof error.status === 'number') {
      return {
        error: statusFailure(error as APIError & { status: number }, attempts),
        headers: error.headers,
      };
    }
    const message = `the model endpoint reported an error in the stream: ${serverMessage(error)}`;
    return { error: new ModelServerError(message, { attempts, cause: error }), headers: undefined };
  }
  if (error instanceof SyntaxError) {
    const message = `the model endpoint sent data that is not JSON: ${error.message}`;
    return { error: new ModelInvalidResponseError(message, { attempts, cause: error }), headers: undefined };
  }
  const text = error instanceof Error ? error.message : String(error);
  const message = `the connection to the model endpoint broke: ${text}`;
  return { error: new ModelNetworkError(message, { attempts, cause: error }), headers: undefined };
}
