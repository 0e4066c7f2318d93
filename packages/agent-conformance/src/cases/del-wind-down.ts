import { assert } from '../assert';
import { defineCase } from '../define-case';
import {
  holdFirstTurnEnd,
  holdTurn,
  incomingWrites,
  newInputDuringDeletionWindDown,
  sendHuman,
  session,
  turns,
  turnsEnded,
} from './scenario';

/**
 * [DEL-2] An input handed over after a deletion began carries the session's new generation,
 * unchanged when it reaches the queue: it is the new session's and is processed — also while
 * the deleted session's stopped turn still winds down and the deletion listener waits for it.
 * The near miss takes no input of a session whose deletion has not ended and releases what
 * arrives meanwhile, as a drain does.
 */
const newGenerationDuringWindDown = defineCase({
  requirements: ['DEL-2'],
  name: 'an input of the new generation handed over while the deleted session’s stopped turn winds down opens a turn',
  run: async (context) => {
    const h = context.harness;
    const { windDown, held, deleted, fresh } = await newInputDuringDeletionWindDown(context);
    windDown.open();
    await deleted;
    await Promise.all([held.input.done, fresh.done]);
    await h.settle();
    const later = turns(h, 's1').slice(1);
    assert.deepEqual(
      'DEL-2',
      later.map((turn) => turn.after?.outcome),
      ['replied'],
      {
        rule: 'an input whose session generation did not change between handleMessage and the queue must be processed, also while a deletion winds down',
        subject: 'the outcomes of the turns after the deleted session’s stopped turn',
      },
    );
  },
});

/**
 * [DEL-2] The generation is read when `handleMessage` begins, also for a session the agent is
 * serving at that moment. An input handed over during a clearing's hold, while the session's
 * stopped turn still winds down, whose generation then changes (a deletion began), is released
 * when the hold ends: no turn, not archived. The near miss reads the generation only for
 * sessions it does not serve yet, leaving a served one's input to a later read that already
 * sees the new generation.
 */
const servedSessionGenerationUnderHold = defineCase({
  requirements: ['DEL-2'],
  name: 'an input handed over while its session’s stopped turn winds down under a hold is released when the generation changed',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const clearing = context.agent.clearing(['s1'], async () => undefined);
    await turnsEnded(h, 1, 's1');
    h.model.script([{ text: 'must not be asked' }]);
    const stale = sendHuman(context, 's1', 'from the old generation');
    await h.settle();
    h.sessions.advanceGeneration('s1');
    windDown.open();
    await clearing;
    await Promise.all([held.input.done, stale.done]);
    await h.settle();
    assert.equal('DEL-2', turns(h, 's1').length, 1, {
      rule: 'an input whose session generation changed since handleMessage began must open no turn, also when its session was being served then',
      subject: 'the turns of s1 after the input of the old generation',
    });
    assert.equal('DEL-2', incomingWrites(h, 'from the old generation').length, 0, {
      rule: 'an input whose session generation changed since handleMessage began must not be archived',
      subject: 'the archive writes of that input',
    });
  },
});

/** The cases of inputs handed over while a stopped turn of their session winds down ([DEL-2]). */
export const DEL_WIND_DOWN_CASES = [newGenerationDuringWindDown, servedSessionGenerationUnderHold];
