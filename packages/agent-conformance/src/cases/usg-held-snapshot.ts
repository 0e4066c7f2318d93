import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdClearing, sendHuman, session, snapshotOf } from './scenario';

/**
 * [USG-8] `token:request` is answered with a snapshot for each session asked for, also for a
 * session a clearing holds while its `clear()` runs. The near miss is an agent that
 * skips held sessions, as their history is about to be erased.
 */
const snapshotDuringHold = defineCase({
  requirements: ['USG-8'],
  name: 'token:request for a session a clearing holds is answered with its snapshot',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'first reply' }]);
    await sendHuman(context, 's1', 'hello').done;
    const clearing = await holdClearing(context, ['s1']);
    const calls = h.model.requests.length;
    const snapshot = await snapshotOf(h, 's1');
    assert.equal('USG-8', snapshot.turnId, undefined, {
      rule: 'a snapshot answering token:request carries no turn id, also during a hold',
      subject: 'the turn id of the snapshot',
    });
    assert.equal('USG-8', h.model.requests.length, calls, {
      rule: 'answering token:request must not call the model, also during a hold',
      subject: 'the model calls made while answering',
    });
    clearing.gate.open();
    await clearing.outcome;
  },
});

/** A `token:request` meeting a clearing's hold ([USG-8]). */
export const USG_HELD_SNAPSHOT_CASES = [snapshotDuringHold];
