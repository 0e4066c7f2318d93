import type { TurnStop, TurnStopKind } from './turn-stop';

/** A stop record with only the keys that have values, frozen since the body may keep it. */
export function stopRecord<TActor>(kind: TurnStopKind, reason?: string, by?: TActor): TurnStop<TActor> {
  const stop: { kind: TurnStopKind; reason?: string; by?: TActor } = { kind };
  if (reason !== undefined) stop.reason = reason;
  if (by !== undefined) stop.by = by;
  return Object.freeze(stop);
}
