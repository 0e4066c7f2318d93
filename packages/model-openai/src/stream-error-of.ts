import { ModelBadRequestError, ModelServerError } from '@aalis/model-provider-utils';
import { isRecord, type WireRecord } from './is-record';
import { plainErrorText } from './plain-error-text';

/** The human text of an error value: a string, else its `message`, `detail` or `details`, else JSON. */
function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (isRecord(error)) {
    for (const key of ['message', 'detail', 'details']) {
      const text = error[key];
      if (typeof text === 'string' && text.length > 0) return text;
    }
  }
  return JSON.stringify(error) ?? String(error);
}

/** Whether a chunk is an error object sent without the `error` wrapper (vLLM's older streams). */
function isBareError(value: WireRecord): boolean {
  if (value.object === 'error') return true;
  return !('choices' in value) && typeof value.message === 'string' && ('type' in value || 'code' in value);
}

/** The HTTP-like status an error object carries (`code: 400`, `status: 413`, `"code": "400"`), if any. */
function statusOf(error: unknown): number | undefined {
  if (!isRecord(error)) return undefined;
  for (const key of ['code', 'status']) {
    const value = Number(error[key]);
    if (Number.isInteger(value) && value >= 400 && value <= 599) return value;
  }
  return undefined;
}

/**
 * The typed error for an error the server reported in the stream, carrying its own message
 * (cut to a readable length): `ModelBadRequestError` (not retried) when it says 4xx — e.g.
 * llama.cpp's `code: 400` for a prompt over the context size —, else `ModelServerError`.
 */
export function serverErrorFrom(error: unknown): ModelServerError | ModelBadRequestError {
  const inner = isRecord(error) && error.error !== undefined && error.error !== null ? error.error : error;
  const message = `the model endpoint reported an error in the stream: ${plainErrorText(messageOf(inner))}`;
  const status = statusOf(inner);
  if (status !== undefined && status < 500) return new ModelBadRequestError(message, { cause: inner });
  return new ModelServerError(message, { cause: inner });
}

/**
 * The failure a parsed stream chunk reports, if it is one: `{ "error": … }` (OpenAI,
 * OpenRouter, current llama.cpp and vLLM, also next to `choices`) or a bare error object
 * (`"object": "error"`, or a `message` with a `type` or `code` and no `choices`).
 */
export function streamErrorOf(chunk: unknown): ModelServerError | ModelBadRequestError | undefined {
  if (!isRecord(chunk)) return undefined;
  if (chunk.error !== undefined && chunk.error !== null && chunk.error !== false)
    return serverErrorFrom(chunk);
  return isBareError(chunk) ? serverErrorFrom(chunk) : undefined;
}
