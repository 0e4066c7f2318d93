import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import type { Harness } from '../harness/harness';
import { incomingWrites, turns } from './scenario';
import { nextAfterStop, throwBeforeNext } from './turn-before-moves';

function assertOneEnd(h: Harness, what: string): void {
  const turn = assert.defined('HK-8', turns(h, 's1')[0], {
    rule: 'agent:turn:before ran for the input',
    subject: 'the turn of s1',
  });
  const ends = h.hooks.of('agent:turn:after').filter((run) => run.payload.turnId === turn.turnId);
  assert.equal('HK-8', ends.length, 1, {
    rule: `a turn that was not blocked must run agent:turn:after exactly once: ${what}`,
    subject: 'the agent:turn:after runs of the turn',
  });
}

/**
 * [HK-8] A middleware that calls `next` after the stop did not block the turn (「不调 next 即…
 * 不发 agent:turn:after」 is only for one that never calls it): the turn ran and ends, aborted,
 * with one `agent:turn:after`. The near miss takes the aborted signal for a blocked turn.
 */
const nextAfterStopEnds = defineCase({
  requirements: ['HK-8'],
  name: 'a turn whose agent:turn:before middleware calls next right after abort ends with one agent:turn:after',
  run: async (context) => {
    await nextAfterStop(context);
    assertOneEnd(context.harness, 'its middleware called next right after the stop');
  },
});

/**
 * [HK-8] [SVC-3] A failing `agent:turn:before` middleware is a hook failure inside the turn
 * ([SVC-3]: the turn ends, `error` or with the failure isolated), not a middleware that chose not
 * to call `next`: the turn ends with one `agent:turn:after`. The near miss takes a middleware
 * that threw before `next` for one that blocked the turn.
 */
const throwBeforeNextEnds = defineCase({
  requirements: ['HK-8', 'SVC-3'],
  name: 'a turn whose agent:turn:before middleware throws before next ends with one agent:turn:after',
  run: async (context) => {
    await throwBeforeNext(context);
    assertOneEnd(context.harness, 'a middleware that throws has not blocked it');
  },
});

/**
 * [HK-8] [ARC-6] [ARC-8] The shutdown meets a slow `agent:turn:before` middleware: one that
 * calls `next` right after drain began did not block its turn, so the turn ran — its input is
 * archived with the turn, it writes its record and ends with one `agent:turn:after`. The near
 * miss starts no turn body once the agent is draining and ends the turn with nothing.
 */
const nextAfterDrainEnds = defineCase({
  requirements: ['HK-8', 'ARC-6', 'ARC-8'],
  name: 'a turn whose agent:turn:before middleware calls next right after drain began archives its input, writes its record and ends with one agent:turn:after',
  run: async (context) => {
    const h = context.harness;
    await nextAfterStop(context, 'drain');
    assertOneEnd(h, 'its middleware called next right after drain began');
    const turnId = turns(h, 's1')[0]?.turnId;
    const archived = incomingWrites(h, 'stopped in agent:turn:before').flatMap((write) => write.messages);
    assert.that(
      'ARC-6',
      archived.some((message) => message.metadata[Keys.TurnId] === turnId),
      {
        rule: "the opening input of a turn that ran must be archived with the turn's id, also when drain began while agent:turn:before held it",
        observed: `the input was archived ${archived.length} time(s), none with the turn id ${String(turnId)}`,
      },
    );
    const records = h.archive
      .messages('s1')
      .filter(
        (message) =>
          message.kind === WellKnownKinds.EventMarker && message.metadata[Keys.TurnRecord] !== undefined,
      );
    assert.equal('ARC-8', records.length, 1, {
      rule: 'a turn that was not blocked must write its record on one event marker, also when drain began while agent:turn:before held it',
      subject: 'the stored event markers carrying a turn record',
    });
  },
});

/** The cases of what an `agent:turn:before` middleware does to its turn ([HK-8]). */
export const HK_TURN_BEFORE_CASES = [nextAfterStopEnds, throwBeforeNextEnds, nextAfterDrainEnds];
