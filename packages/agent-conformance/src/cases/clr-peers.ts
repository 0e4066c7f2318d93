import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate, type Gate } from '../harness/gate';
import { holdFirstTurnEnd, turns } from './scenario';
import { routeLaterInput } from './serving-process';

/**
 * Clearing across two processes of one agent ([DUR-3]): `clearing` called on a process that does
 * not serve the session must still wait for the serving process's turn. Single-process cases
 * cannot see whose turns a clearing waits for.
 */

/**
 * [CLR-1] through the other process: `clearing(['s1'], clear)` called on the process that does
 * not serve s1, while s1's turn runs on the serving one, stops that turn (outcome aborted) and
 * runs clear() only after it ended (its `agent:turn:after` ran to its end). The near miss counts
 * acknowledgements instead of matching each serving process: the clearing process's own stands
 * in for the serving one's, and clear() runs while the stopped turn still winds down.
 */
const clearingElsewhereWaitsForOwner = defineCase({
  requirements: ['CLR-1', 'DUR-3'],
  name: 'clearing on the process that does not serve the session runs clear only after the serving process stopped and ended its turn',
  run: async (context) => {
    const gate = createGate();
    // The stopped turn winds down slowly, on whichever process serves it.
    const windDowns: Gate[] = [];
    const gates: Gate[] = [gate];
    // Queued behind the running turn through the other process: the clearing releases it.
    const served = await routeLaterInput(context, {
      first: 'running on its process',
      steps: [{ waitFor: gate, text: 'must not be sent' }, { text: 'reply after the clearing' }],
      later: 'queued through the other process',
      gates,
      prepare: (process) => {
        const windDown = holdFirstTurnEnd(process.harness);
        windDowns.push(windDown);
        gates.push(windDown);
      },
    });
    if (served === undefined) return;
    const { serving, other, later: queued } = served;
    let seen: { readonly aborted: boolean; readonly ended: boolean } | undefined;
    const clearing = other.agent.clearing(['s1'], async () => {
      const afterRun = turns(serving.harness, 's1')[0]?.afterRun;
      seen = { aborted: served.call.aborted, ended: afterRun?.endSeq !== undefined };
      serving.harness.tick();
    });
    // The stopped turn reaches agent:turn:after (or clear() runs before the turn was stopped).
    await serving.harness.until(
      () => seen !== undefined || turns(serving.harness, 's1')[0]?.afterRun !== undefined,
      'the turn of s1 to reach agent:turn:after on the serving process, or clear() to run',
    );
    // Arrives during the hold on the other process: while it is on its way, `settle` gives the
    // processes time to talk, and clear() the time to run too early.
    const late = other.agent.send(
      other.harness.input({ sessionId: 's1', content: 'arrived during the clearing' }),
    );
    await serving.harness.settle();
    for (const windDown of windDowns) windDown.open();
    await clearing;
    gate.open();
    await Promise.all([served.input.done, queued.done, late.done]);
    const atClear = assert.defined('CLR-1', seen, {
      rule: "clearing must call clear() once the sessions' turns settled, also when called on a process that does not serve them",
      subject: 'the state when clear ran (clear was never called)',
    });
    assert.that('CLR-1', atClear.aborted, {
      rule: 'clearing must stop the running turn of the session before it runs clear(), also on the process that serves it when another one clears',
      observed: 'the model call on the serving process was still running when clear() ran',
    });
    assert.that('CLR-1', atClear.ended, {
      rule: 'clearing must wait for the stopped turn to end (agent:turn:after) before it runs clear(), also when the turn runs on a process other than the clearing one',
      observed: "the serving process's turn had not ended when clear() ran on the other process",
    });
    assert.equal('CLR-1', turns(serving.harness, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'clearing must stop the running turns of its sessions, on whichever process runs them',
      subject: 'the outcome of the turn running on the serving process',
    });
  },
});

/** The cases of clearing across two processes of one agent ([CLR-1] with [DUR-3]). */
export const CLR_PEER_CASES = [clearingElsewhereWaitsForOwner];
