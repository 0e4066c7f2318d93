import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { CROWD, LIVENESS_TIMEOUT_MS } from './liveness';
import { incomingWrites, sendHuman, sendInjection, session, turns, waitingLists } from './scenario';

/**
 * [LIV-4] The limit on turns running at once holds all along, not only when the crowd arrives:
 * when one running turn ends, at most one waiting turn takes its place. The near miss admits
 * the whole line once a place is freed.
 */
const limitHoldsAfterTurnEnds = defineCase({
  requirements: ['LIV-4'],
  name: 'when a turn under the limit on running turns ends, one waiting turn takes its place, not the whole line',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const first = createGate();
    const rest = createGate();
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    // Whichever turn calls the model first ends first; the others wait for the end of the case.
    h.model.script(ids.map((id, index) => ({ waitFor: index === 0 ? first : rest, text: `reply in ${id}` })));
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const running = () => h.model.requests.filter((call) => call.state === 'open').length;
    const before = running();
    assert.that('LIV-4', before > 0 && before < CROWD, {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      observed: `${before} turns were running at once`,
    });
    first.open();
    await h.settle();
    const after = running();
    assert.that('LIV-4', after <= before, {
      rule: 'the limit on running turns must hold all along: when a running turn ends, at most one waiting turn takes its place',
      observed: `${before} turns ran at once before one of them ended, ${after} after`,
    });
    rest.open();
    await Promise.all(inputs.map((input) => input.done));
  },
});

/** The cases of the limit on running turns once turns end ([LIV-4]). */
/**
 * [LIV-4] [SCH-8] An input that finds its session idle but no slot free under the limit on
 * running turns waits in its session's queue: `agent:queue` lists it when it is enqueued, as
 * it lists any queued input, and lists it no more once its turn opens. The near miss sends an
 * idle session's input straight into the line for a slot, without the `agent:queue` of its
 * enqueueing: a listener never learns that it waits.
 */
const waitingForSlotIsAnnounced = defineCase({
  requirements: ['LIV-4', 'SCH-8'],
  name: 'an input that waits for the limit on running turns is listed by agent:queue of its session until its turn opens',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const gate = createGate();
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    h.model.script(ids.map((id) => ({ waitFor: gate, text: `reply in ${id}` })));
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const waiting = ids.filter((id) => turns(h, id).length === 0);
    assert.that('LIV-4', waiting.length > 0, {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      observed: `all ${CROWD} sessions were running a turn`,
    });
    const listedWhileWaiting = waiting.map((id) => waitingLists(h, id).at(-1));
    gate.open();
    await Promise.all(inputs.map((input) => input.done));
    await h.settle();
    waiting.forEach((id, index) => {
      assert.deepEqual('SCH-8', listedWhileWaiting[index], [`hello from ${id}`], {
        rule: 'agent:queue must list an input waiting for the limit on running turns: it is enqueued in its session',
        subject: `the last agent:queue of ${id} while its input waited for a slot`,
      });
    });
    for (const id of waiting) {
      assert.deepEqual('SCH-8', waitingLists(h, id).at(-1), [], {
        rule: 'agent:queue must list an input no more once it entered its turn',
        subject: `the last agent:queue of ${id} once its turn ran`,
      });
    }
  },
});

/**
 * [LIV-4] [ABT-2] Under the limit on running turns, a session whose turn ended waits in line
 * with a queued job: `abort` with the ended turn's id (and `queued`) finds no running turn with
 * that id, so nothing at all happens — it returns `false`, and the job keeps its place and opens
 * the session's next turn. The near miss checks the turn id only against a running turn: with
 * none running it goes on and releases the session's queue.
 */
const staleAbortWhileWaitingForSlot = defineCase({
  requirements: ['LIV-4', 'ABT-2'],
  name: 'abort with queued and the id of an ended turn releases nothing of a session waiting for the limit',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const [firstEnds, gate] = [createGate(), createGate()];
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    const [first] = ids as [string];
    h.model.script([
      { waitFor: firstEnds, text: `reply in ${first}` },
      ...ids.slice(1).map((id) => ({ waitFor: gate, text: `reply in ${id}` })),
      { text: `the job of ${first} done` },
    ]);
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const waiting = ids.filter((id) => turns(h, id).length === 0);
    assert.that('LIV-4', waiting.length > 0, {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      observed: `all ${CROWD} sessions were running a turn`,
    });
    const job = sendInjection(context, first, `a job queued behind ${first}`);
    await h.settle();
    firstEnds.open();
    await h.until(() => turns(h, first)[0]?.afterRun !== undefined, `the turn of ${first} to end`);
    await h.settle();
    const ended = turns(h, first)[0]?.turnId;
    const opensAtOnce = turns(h, first).length > 1;
    const returned =
      ended === undefined ? false : context.agent.abort(first, { turnId: ended, queued: true });
    await h.settle();
    const settledByAbort = job.settled;
    gate.open();
    await Promise.all([...inputs, job].map((input) => input.done));
    await h.settle();
    assert.equal('ABT-2', returned, false, {
      rule: 'abort with the turnId of a turn that ended must return false',
      subject: `abort with queued and the ended turn's id of ${first}, waiting for the limit`,
    });
    assert.that('ABT-2', opensAtOnce || !settledByAbort, {
      rule: 'abort with the turnId of a turn that ended must do nothing at all: it releases no queued input, also while the session waits for the limit',
      observed: `the job queued in ${first} settled right after the abort, before any turn of it opened`,
    });
    assert.equal('ABT-2', turns(h, first).length, 2, {
      rule: 'abort with the turnId of a turn that ended must do nothing at all: the queued job still opens the session’s next turn',
      subject: `the turns of ${first}`,
    });
    const second = turns(h, first)[1]?.turnId;
    assert.deepEqual(
      'ABT-2',
      incomingWrites(h, `a job queued behind ${first}`).map((write) => write.incoming?.turnId),
      [second],
      {
        rule: 'the job must be archived with the turn id of the turn it opened, not released',
        subject: `the turn ids the job of ${first} was archived with`,
      },
    );
  },
});

export const LIV_LIMIT_CASES = [
  limitHoldsAfterTurnEnds,
  waitingForSlotIsAnnounced,
  staleAbortWhileWaitingForSlot,
];
