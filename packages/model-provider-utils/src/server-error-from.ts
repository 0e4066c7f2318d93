import { ModelBadRequestError } from './model-bad-request-error';
import { ModelServerError } from './model-server-error';
import { plainErrorText } from './plain-error-text';

type ErrorRecord = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is ErrorRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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
 * The typed error for an error the server reported inside a stream (an error value, or an
 * object with an `error` field), carrying its own message made plain and short:
 * `ModelBadRequestError` (not retried) when it says 4xx — e.g. llama.cpp's `code: 400` for a
 * prompt over the context size —, else `ModelServerError` (retried while nothing was reported).
 */
export function serverErrorFrom(error: unknown): ModelServerError | ModelBadRequestError {
  const inner = isRecord(error) && error.error !== undefined && error.error !== null ? error.error : error;
  const message = `the model endpoint reported an error in the stream: ${plainErrorText(messageOf(inner))}`;
  const status = statusOf(inner);
  if (status !== undefined && status < 500) return new ModelBadRequestError(message, { cause: inner });
  return new ModelServerError(message, { cause: inner });
}
