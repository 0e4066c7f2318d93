import { WellKnownMetadataKeys as Keys, type Message, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { holdTurn, session } from './scenario';

/** Starts a turn in s1, deletes the session while the model call runs, and returns what s1 stored. */
async function deletedTurnHistory(context: CaseContext): Promise<Message[]> {
  const h = context.harness;
  session(h, 's1');
  const held = await holdTurn(context, { sessionId: 's1', content: 'long task', untilAborted: true });
  const generation = h.sessions.advanceGeneration('s1');
  await h.events.emit('session:deleted', { sessionId: 's1', generation });
  await held.input.done;
  await h.settle();
  return h.archive.messages('s1');
}

function recordsOf(stored: readonly Message[]): Message[] {
  return stored.filter((message) => message.metadata[Keys.TurnRecord] !== undefined);
}

/**
 * [ARC-8] A turn stopped by session:deleted is a turn like any other: before its agent:turn:after
 * it persists one event marker carrying its turn id and its record (outcome `aborted`). The
 * session manager clears the data only after the listener resolved. The near miss is an agent that
 * writes no ending for a turn whose session is being deleted.
 */
const deletedTurnRecord = defineCase({
  requirements: ['ARC-8'],
  name: 'a turn stopped by session:deleted persists its turn record on an event marker',
  run: async (context) => {
    const stored = await deletedTurnHistory(context);
    const records = recordsOf(stored);
    assert.equal('ARC-8', records.length, 1, {
      rule: 'a turn with no persisted reply must persist one event marker with its turn record, also when it was stopped by a deletion',
      subject: 'the messages of s1 carrying a turn record',
    });
    const [record] = records;
    assert.equal('ARC-8', record?.kind, WellKnownKinds.EventMarker, {
      rule: 'the turn record of a turn stopped by a deletion must be on an event marker',
      subject: 'the kind of the message carrying the turn record',
    });
    assert.equal('ARC-8', record?.metadata[Keys.TurnRecord]?.outcome, 'aborted', {
      rule: 'the turn record of a turn stopped by a deletion must have outcome aborted',
      subject: 'the outcome in the turn record',
    });
  },
});

/**
 * [ARC-9] A turn stopped by session:deleted whose input is already in history persists its stop
 * marker before its turn record, as any aborted turn does. The near miss is an agent
 * that skips the whole ending of a turn whose session is being deleted.
 */
const deletedTurnStopMarker = defineCase({
  requirements: ['ARC-9'],
  name: 'a turn stopped by session:deleted with its input in history persists a stop marker before its record',
  run: async (context) => {
    const stored = await deletedTurnHistory(context);
    const stopIndex = stored.findIndex((message) => message.kind === WellKnownKinds.TurnStopped);
    const recordIndex = stored.findIndex((message) => message.metadata[Keys.TurnRecord] !== undefined);
    assert.that('ARC-9', stopIndex !== -1 && (recordIndex === -1 || stopIndex < recordIndex), {
      rule: 'an aborted turn with inputs in history must persist a stop marker before its turn record, also when it was stopped by a deletion',
      observed: `the kinds stored in s1: ${stored.map((message) => message.kind ?? message.role).join(', ')}`,
    });
  },
});

/** The ending a turn stopped by its session's deletion persists ([ARC-8], [ARC-9]). */
export const ARC_DELETED_TURN_CASES = [deletedTurnRecord, deletedTurnStopMarker];
