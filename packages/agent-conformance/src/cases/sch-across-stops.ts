import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import {
  contents,
  holdFirstTurnEnd,
  holdTurn,
  newInputDuringDeletionWindDown,
  sendHuman,
  sendInjection,
  session,
  turns,
  turnsEnded,
} from './scenario';

/**
 * [SCH-4], [SCH-5] across a stop: the order of a session's turns and the rule that nothing joins
 * an injection's turn hold also for inputs that arrive while a deleted or cleared session's
 * stopped turn still winds down.
 */

/**
 * [SCH-5] The turns of one session run one at a time, across a deletion too: an input of the
 * session's new generation handed over while the deleted generation's stopped turn still winds
 * down waits for that turn to end, then opens its own. The near miss is an agent that
 * forgets the deleted session's state when session:deleted comes, so the new input finds no
 * running turn and opens a second turn of the session beside the first.
 */
const newGenerationWaitsForStoppedTurn = defineCase({
  requirements: ['SCH-5'],
  name: 'an input of the new generation handed over while the deleted session’s stopped turn winds down opens its turn only after that turn ended',
  run: async (context) => {
    const h = context.harness;
    const { windDown, held, deleted, fresh } = await newInputDuringDeletionWindDown(context);
    assert.equal('SCH-5', turns(h, 's1').length, 1, {
      rule: 'turns of one session must run one at a time: an input of the new generation must not open a turn while the stopped turn still winds down',
      subject: 'the turns of s1 started while the deleted session’s stopped turn was in agent:turn:after',
    });
    windDown.open();
    await deleted;
    await Promise.all([held.input.done, fresh.done]);
    await h.settle();
    assert.deepEqual(
      'SCH-5',
      turns(h, 's1').map((turn) => turn.after?.outcome),
      ['aborted', 'replied'],
      {
        rule: 'the input of the new generation must open its turn once the stopped turn ended',
        subject: 'the outcomes of the turns of s1',
      },
    );
  },
});

/**
 * [SCH-4] Nothing is inserted into a turn an injection opened, also after a clearing: a human
 * input that arrived while the cleared session's stopped human turn still wound down waits for
 * the hold like any input, and once clear() ended it is queued behind the injection that arrived
 * before it, never inserted into the injection's turn. The near miss is an agent that
 * decides an input is a pending insertion when it arrives, before the hold, and keeps that mark.
 */
const heldHumanNotInsertedIntoInjection = defineCase({
  requirements: ['SCH-4'],
  name: 'a human input that arrived while a cleared human turn wound down is not inserted into the injection turn that opens after the hold',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const windDown = holdFirstTurnEnd(h);
    const held = await holdTurn(context, { sessionId: 's1', content: 'human turn', untilAborted: true });
    const clearEnds = createGate();
    const clearing = context.agent.clearing(['s1'], async () => {
      await clearEnds.opened;
    });
    await turnsEnded(h, 1, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'job done' }, { text: 'human answered' }]);
    const job = sendInjection(context, 's1', 'scheduled job');
    const human = sendHuman(context, 's1', 'human during the wind-down');
    await h.settle();
    windDown.open();
    await h.settle();
    clearEnds.open();
    await clearing;
    await Promise.all([held.input.done, job.done, human.done]);
    await h.settle();
    const jobTurn = turns(h, 's1').find((turn) => turn.inputs[0]?.message.content === 'scheduled job');
    assert.deepEqual('SCH-4', jobTurn === undefined ? [] : contents(jobTurn.inputs), ['scheduled job'], {
      rule: 'nothing may be inserted into a turn an injection opened, a human input held by a clearing included',
      subject: 'the inputs of the turn the injection opened after the hold',
    });
  },
});

/** The order of turns and the injections' own turns across a deletion or a clearing. */
export const SCH_ACROSS_STOPS_CASES = [newGenerationWaitsForStoppedTurn, heldHumanNotInsertedIntoInjection];
