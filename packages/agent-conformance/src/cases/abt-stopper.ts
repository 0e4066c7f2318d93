import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdFirstTurnEnd, holdTurn, session } from './scenario';
import { names, stopMarker } from './stop-marker';

/**
 * [ABT-6] `by` has the shape of `IncomingMessage.actor`, whose `name` is optional: a stopper given
 * by id alone is still a person, and the stop marker ([ARC-9]) names them by that id. The near miss
 * names the stopper only by `name` and writes a `by` without one as nobody.
 */
const stopperWithoutName = defineCase({
  requirements: ['ABT-6', 'ARC-9'],
  name: 'the stop marker names a stopper given by id alone',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const by = { id: 'moderator-42' };
    const held = await holdTurn(context, {
      sessionId: 's1',
      content: 'stopped by an id',
      untilAborted: true,
    });
    context.agent.abort('s1', { by });
    await held.input.done;
    const marker = assert.defined('ARC-9', stopMarker(h, 's1'), {
      rule: 'an aborted turn with inputs in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop marker of the turn stopped by a person given by id alone',
    });
    assert.that('ABT-6', names(marker, by), {
      rule: 'the body of the stop marker must name who stopped the turn (abort option by), also when by has an id and no name',
      observed: `the stop marker's body did not name ${by.id}: ${JSON.stringify(marker.content)}`,
    });
  },
});

/**
 * [ABT-6] [ARC-9] Who stopped a turn is the first stop's: a session deletion that comes right
 * after `abort` with `by` stops nothing more, and the stop marker the turn writes before the
 * deletion listener resolves still names that person. It tells apart an agent that lets the
 * deletion's stop (by nobody) replace the abort's.
 */
const abortByBeforeDeletion = defineCase({
  requirements: ['ABT-6', 'ARC-9'],
  name: 'the stop marker of a turn stopped by abort with by and deleted right after still names who stopped it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const by = { id: 'admin-21', name: 'Admin Twenty-One' };
    const held = await holdTurn(context, {
      sessionId: 's1',
      content: 'stopped by a person',
      untilAborted: true,
    });
    context.agent.abort('s1', { by });
    const generation = h.sessions.advanceGeneration('s1');
    const deleted = h.events.emit('session:deleted', { sessionId: 's1', generation });
    await h.settle();
    windDown.open();
    await deleted;
    await held.input.done;
    const marker = assert.defined('ARC-9', stopMarker(h, 's1'), {
      rule: 'an aborted turn with inputs in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop marker of the turn stopped by a person and then deleted',
    });
    assert.that('ABT-6', names(marker, by), {
      rule: 'by is who stopped the turn: a deletion after the abort must not take the stop over',
      observed: `the stop marker's body did not name ${by.name}: ${JSON.stringify(marker.content)}`,
    });
  },
});

/** The cases of who stopped a turn beyond the ones in `abt.ts` ([ABT-6]). */
export const ABT_STOPPER_CASES = [stopperWithoutName, abortByBeforeDeletion];
