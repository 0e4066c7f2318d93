import { ModelInvalidResponseError } from '@aalis/model-provider-utils';
import type { WireRecord } from './is-record';
import { isRecord } from './is-record';

/** Whether a choice is a legacy completions choice: `text` and no `delta`. */
function isTextCompletionChoice(choice: unknown): boolean {
  return isRecord(choice) && typeof choice.text === 'string' && !('delta' in choice);
}

/**
 * Throws `ModelInvalidResponseError` for a chunk of another stream than chat completions: a
 * legacy `text_completion` stream (choices with `text` instead of `delta`). Any other
 * `object` value is let through — Azure's first chunk has an empty one.
 */
export function assertChatChunk(chunk: WireRecord): void {
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  if (chunk.object !== 'text_completion' && !choices.some(isTextCompletionChoice)) return;
  throw new ModelInvalidResponseError(
    'the endpoint streamed legacy text completions (object "text_completion"), not chat completion ' +
      'chunks: baseURL must point at a chat-completions endpoint',
  );
}
