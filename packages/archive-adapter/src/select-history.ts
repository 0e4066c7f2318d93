import type { Message } from '@aalis/schema-message';
import { isControlKind, WellKnownKinds } from '@aalis/schema-message';

/** Options of {@link selectHistory}. */
export interface SelectHistoryOptions {
  /**
   * The history count limit ([USG-6]): keep the most recent this many conversation
   * messages. Absent or `0`: no limit.
   */
  readonly limit?: number;
}

/**
 * The active history a model should see, from a session's stored messages (oldest first),
 * as `MemoryService.history` returns it:
 * - event markers are left out; stop markers (`turn-stopped`) stay ([ARC-9]);
 * - with a `limit`, the window holds the most recent `limit` conversation messages (control
 *   kinds are not counted, [USG-5]) and the stop markers between them;
 * - a window never starts with tool results whose assistant tool-call message fell outside
 *   it: those are dropped too, so a tool-call group is whole or absent ([USG-9]).
 */
export function selectHistory(messages: readonly Message[], options: SelectHistoryOptions = {}): Message[] {
  const limit = normalizeHistoryLimit(options.limit);
  const active = messages.filter((message) => message.kind !== WellKnownKinds.EventMarker);
  if (limit === 0) return active;
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

/** Validates a history limit: a non-negative integer, absent meaning none. Not public API. */
export function normalizeHistoryLimit(limit: number | undefined): number {
  if (limit === undefined) return 0;
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new TypeError(`history limit must be a non-negative integer, got ${String(limit)}`);
  }
  return limit;
}
