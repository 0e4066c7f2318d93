import type { MessageDraft } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assertNonEmptyString } from './assert-non-empty-string';
import { withoutUndefined } from './incoming-message-metadata';
import type { PersistToolGroupOptions } from './turn-writer';

/**
 * The drafts of a tool-call group of turn `turnId` ([ARC-1], [ARC-2], [ARC-4]), after checking
 * every call has exactly one result (else `TypeError`). Not public API.
 */
export function toolGroupDrafts(turnId: string, options: PersistToolGroupOptions): MessageDraft[] {
  const { assistant, results } = options;
  if (!Array.isArray(assistant?.toolCalls) || assistant.toolCalls.length === 0) {
    throw new TypeError('a tool-call group needs at least one tool call');
  }
  if (!Array.isArray(results)) throw new TypeError('results must be an array');
  const waiting = new Set(assistant.toolCalls.map((call) => call.id));
  if (waiting.size !== assistant.toolCalls.length)
    throw new TypeError('tool call ids must be unique in a group');
  const callIds = new Set<string>();
  for (const result of results) {
    if (!waiting.delete(result.toolCallId)) {
      throw new TypeError(`result for tool call ${result.toolCallId}, which is not open in this group`);
    }
    assertNonEmptyString(result.callId, 'callId');
    if (callIds.has(result.callId)) throw new TypeError(`callId ${result.callId} is used twice`);
    callIds.add(result.callId);
  }
  if (waiting.size > 0) throw new TypeError(`tool calls without result: ${[...waiting].join(', ')}`);
  const assistantDraft: MessageDraft = {
    role: 'assistant',
    content: assistant.content,
    toolCalls: assistant.toolCalls.map(({ id, name, arguments: text }) => ({ id, name, arguments: text })),
    metadata: withoutUndefined({
      [Keys.TurnId]: turnId,
      [Keys.NotSent]: assistant.sent === false ? (true as const) : undefined,
    }),
  };
  const resultDrafts = results.map(
    (result): MessageDraft => ({
      role: 'tool',
      content: result.content,
      toolCallId: result.toolCallId,
      metadata: { ...result.metadata, [Keys.TurnId]: turnId, [Keys.CallId]: result.callId },
    }),
  );
  return [assistantDraft, ...resultDrafts];
}
