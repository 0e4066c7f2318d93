import {
  type ModelBadRequestError,
  type ModelServerError,
  serverErrorFrom,
} from '@aalis/model-provider-utils';
import { isRecord, type WireRecord } from './is-record';

/** Whether a chunk is an error object sent without the `error` wrapper (vLLM's older streams). */
function isBareError(value: WireRecord): boolean {
  if (value.object === 'error') return true;
  return !('choices' in value) && typeof value.message === 'string' && ('type' in value || 'code' in value);
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
