import { isControlKind, type Message, WellKnownKinds } from '@aalis/schema-message';

/**
 * The active history a model should see, from a session's stored messages: event markers
 * left out, stop markers kept ([ARC-9]); with a `limit`, the most recent `limit`
 * conversation messages (control kinds not counted, [USG-5]) and the stop markers between
 * them, never starting with tool results whose tool-call message fell outside ([USG-9]).
 */
export function selectActiveHistory(messages: readonly Message[], limit = 0): Message[] {
  const active = messages.filter((message) => message.kind !== WellKnownKinds.EventMarker);
  if (limit <= 0) return active;
  let counted = 0;
  let start = active.length;
  while (start > 0 && counted < limit) {
    start -= 1;
    if (!isControlKind(active[start]?.kind)) counted += 1;
  }
  if (start === 0) return active;
  while (start < active.length && active[start]?.role === 'tool') start += 1;
  return active.slice(start);
}
