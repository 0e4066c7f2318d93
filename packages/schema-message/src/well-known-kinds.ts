/**
 * The `kind` values of stored messages that are not conversation. Conversation messages
 * have no `kind`.
 * - `event-marker`: a `system` message with empty content that carries a turn record of a
 *   turn without persisted reply ([ARC-8]); it never reaches a model.
 * - `turn-stopped`: a `system` message written after an aborted turn, worded for the next
 *   turn's model ([ARC-9]); it does reach the model, but user interfaces do not draw it.
 */
export const WellKnownKinds = {
  EventMarker: 'event-marker',
  TurnStopped: 'turn-stopped',
} as const;

/** One of the values of {@link WellKnownKinds}. */
export type WellKnownKind = (typeof WellKnownKinds)[keyof typeof WellKnownKinds];
