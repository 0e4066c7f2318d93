import { type WellKnownKind, WellKnownKinds } from './well-known-kinds';

/**
 * The message kinds that are not counted as conversation: history counts
 * (`countHistory`, `TokenUsageEvent.historyMessages`) leave them out ([USG-5]).
 */
export const CONTROL_KINDS: readonly WellKnownKind[] = Object.freeze([
  WellKnownKinds.EventMarker,
  WellKnownKinds.TurnStopped,
]);

/** Whether a message `kind` is one of {@link CONTROL_KINDS} ([USG-5]). */
export function isControlKind(kind: string | undefined): boolean {
  return kind !== undefined && (CONTROL_KINDS as readonly string[]).includes(kind);
}
