import { ModelProviderError, serverErrorFrom } from '@aalis/model-provider-utils';
import { AISDKError } from '@ai-sdk/provider';

/**
 * What an `error` stream part fails the call with: an AI SDK error as it is (classified like a
 * thrown one), any other value — the server's error event, e.g. Anthropic's
 * `{ type: 'overloaded_error', message }` — as `ModelServerError` with its message
 * (`ModelBadRequestError` when it says 4xx).
 */
export function errorOfStreamPart(error: unknown): unknown {
  if (AISDKError.isInstance(error) || ModelProviderError.isInstance(error)) return error;
  return serverErrorFrom(error);
}
