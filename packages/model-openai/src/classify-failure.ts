import {
  type ClassifiedFailure,
  ModelInvalidResponseError,
  ModelNetworkError,
  ModelProviderError,
  ModelServerError,
  plainErrorText,
  statusFailure,
  withAttempts,
} from '@aalis/model-provider-utils';
import { APIConnectionError, APIError } from 'openai';

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
      const serverText = serverMessage(error);
      return {
        error: statusFailure({ status: error.status, serverMessage: serverText, attempts, cause: error }),
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
