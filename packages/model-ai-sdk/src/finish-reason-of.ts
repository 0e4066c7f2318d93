import type { ChatFinishReason } from '@aalis/api-llm';
import { ModelNetworkError, ModelServerError } from '@aalis/model-provider-utils';

const reasons: Readonly<Record<string, ChatFinishReason>> = {
  stop: 'stop',
  length: 'length',
  'tool-calls': 'tool-calls',
  'content-filter': 'content-filter',
  other: 'other',
};

/**
 * The finish reason of a `finish` part (`{ unified, raw }`) as Aalis's: `stop`, `length`,
 * `tool-calls`, `content-filter`, and `other` for anything else. Throws `ModelServerError` for
 * `error` (the model stopped because of an error) and `ModelNetworkError` for version 4's
 * `interrupted` (the stream ended without its completion signal): both are retried while
 * nothing was reported.
 */
export function finishReasonOf(finishReason: {
  readonly unified: string;
  readonly raw?: string;
}): ChatFinishReason {
  const { unified, raw } = finishReason;
  const detail = raw === undefined ? '' : ` (${raw})`;
  if (unified === 'error') throw new ModelServerError(`the model stopped because of an error${detail}`);
  if (unified === 'interrupted') {
    throw new ModelNetworkError(`the model stream was interrupted before its end${detail}`);
  }
  return reasons[unified] ?? 'other';
}
