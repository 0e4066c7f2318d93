import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { expect } from 'vitest';
import { deferred } from './deferred';
import type { startEndToEndApp } from './end-to-end-app';
import type { ScriptedWireServer } from './scripted-wire-server';
import { hangingReply, type ServerSentEvent } from './wire-replies';

/**
 * [ABT-1] [ARC-8] Scripts a reply that streams `events` and then holds the stream open, sends a
 * message, aborts its turn once the first delta streamed, and checks what an abort mid-stream
 * must give: the connection closed, one request, the turn ended `aborted` without a reply, and
 * its turn record stored on an event marker.
 */
export async function expectAbortMidStream(
  app: ReturnType<typeof startEndToEndApp>,
  server: ScriptedWireServer,
  events: readonly ServerSentEvent[],
): Promise<void> {
  const closed = deferred();
  server.script(hangingReply(events, { closed }));
  const handled = app.ask('Tell me a long story.');
  await app.firstStreamed;
  expect(app.abort()).toBe(true);
  await handled;
  await closed.promise;
  const stored = await app.stopAndReadBack();
  expect(server.requests).toHaveLength(1);
  expect(app.turnsAfter.map((turn) => turn.outcome)).toEqual(['aborted']);
  expect(app.replies).toEqual([]);
  expect(stored.at(-1)).toMatchObject({
    role: 'system',
    kind: WellKnownKinds.EventMarker,
    metadata: { [Keys.TurnRecord]: { outcome: 'aborted' } },
  });
}
