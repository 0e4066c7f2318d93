import type { Message } from '@aalis/schema-message';
import { WellKnownKinds } from '@aalis/schema-message';
import type { Harness } from '../harness/harness';

/** The first stop marker stored in the session ([ARC-9]). Not public API. */
export function stopMarker(h: Harness, sessionId: string): Message | undefined {
  return h.archive.messages(sessionId).find((message) => message.kind === WellKnownKinds.TurnStopped);
}

/** Whether a stop marker's body names `by`, by name or by id ([ABT-6]). */
export function names(marker: Message, by: { readonly id: string; readonly name?: string }): boolean {
  return marker.content.includes(by.id) || (by.name !== undefined && marker.content.includes(by.name));
}
