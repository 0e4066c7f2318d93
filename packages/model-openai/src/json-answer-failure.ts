import {
  ModelInvalidResponseError,
  type ModelProviderError,
  plainErrorText,
} from '@aalis/model-provider-utils';
import { isRecord } from './is-record';
import { streamErrorOf } from './stream-error-of';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The failure of a stream request the endpoint answered with one JSON document: the server's
 * error when the document is one (`ModelServerError`), else `ModelInvalidResponseError`
 * saying that the endpoint did not stream — a whole `chat.completion` means it ignored
 * `stream: true`.
 */
export function jsonAnswerFailure(text: string, contentType: string): ModelProviderError {
  const document = parsed(text);
  const failure = streamErrorOf(document);
  if (failure !== undefined) return failure;
  if (isRecord(document) && (document.object === 'chat.completion' || Array.isArray(document.choices))) {
    return new ModelInvalidResponseError(
      'the endpoint answered a stream request with one JSON chat completion instead of an event stream ' +
        '(it ignores "stream": true)',
    );
  }
  const excerpt = plainErrorText(text, { limit: 120 });
  return new ModelInvalidResponseError(
    `the endpoint answered a stream request with ${contentType} instead of an event stream: ${excerpt}`,
  );
}
