import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import type { InputRecord } from '../runner/input-record';
import { seedCutTurn, seedUnansweredCalls } from './cut-turn';
import {
  contents,
  endMarkers,
  holdTurn,
  sendHuman,
  session,
  snapshotOf,
  storedWith,
  turns,
  type WatchedGate,
  watchedGate,
} from './scenario';

// Where the closing of a turn a crash cut ([DUR-1]) meets the stops and the snapshots. Most
// cases stop an input while it waits for a cut turn of its session to be closed: the store holds
// the first write of that closing, so an agent that closes the cut turn before it takes the input
// in (as a process taking the session over from another one does) has the input waiting outside
// any turn, and one that closes it inside the input's turn has the turn running. Either way
// `abort` and `clearing` keep their rules for that input.

/**
 * s1 with a crash-cut turn, and a human input handed over while the store holds the next
 * `append` (the first write of closing the cut turn, or for an agent that closes none, a later
 * write of the input's turn). Resolves once the store waits.
 */
async function inputWhileCutTurnCloses(
  context: CaseContext,
  content: string,
): Promise<{ readonly input: InputRecord; readonly gate: WatchedGate }> {
  const h = context.harness;
  session(h, 's1');
  await seedUnansweredCalls(await seedCutTurn(h, 'cut short by a crash'), ['call-cut']);
  const gate = watchedGate(context);
  h.archive.holdNext('append', gate);
  h.model.script([{ text: 'reply once the cut turn is closed' }]);
  const input = sendHuman(context, 's1', content);
  await h.until(() => gate.reached, 'a write of s1 to wait for the store');
  await h.settle();
  return { input, gate };
}

/**
 * Resolves once the stop reached the input: it settled (released while it waited outside any
 * turn), or it is in a turn of s1 (an agent that closes the cut turn inside the input's turn).
 */
function stopReached(context: CaseContext, input: InputRecord): Promise<void> {
  const h = context.harness;
  return h.until(
    () => input.settled || turns(h, 's1').length > 0,
    'the input of s1 to be released, or to be in a turn',
  );
}

/**
 * [ABT-2] `abort(s1, { turnId, queued: true })` with an id that is no running turn's does
 * nothing at all, also while the input waits for the crash-cut turn of s1 to be closed: the
 * input is not released, it opens its turn and is answered. It tells apart an agent that
 * applies the turn-id guard to its running turn but still releases the inputs that wait outside
 * its local queue (handed over from another process, not yet taken in).
 */
const foreignTurnIdWhileCutTurnCloses = defineCase({
  requirements: ['ABT-2'],
  name: 'abort with queued and a turn id that is not running releases nothing while an input waits for a cut turn to be closed',
  run: async (context) => {
    const h = context.harness;
    const content = 'sent while the cut turn is closed';
    const { input, gate } = await inputWhileCutTurnCloses(context, content);
    const result = context.agent.abort('s1', { turnId: 'not-a-running-turn', queued: true });
    assert.equal('ABT-2', result, false, {
      rule: "abort with a turnId that is not the running turn's must do nothing and return false",
      subject: 'the return value of abort with a foreign turn id while the cut turn of s1 is closed',
    });
    await h.settle();
    gate.open();
    await input.done;
    await h.settle();
    const answered = turns(h, 's1').filter((turn) => contents(turn.inputs).includes(content));
    assert.deepEqual(
      'ABT-2',
      answered.map((turn) => turn.after?.outcome),
      ['replied'],
      {
        rule: "abort with a turnId that is not the running turn's must do nothing: an input waiting to be taken in must not be released by it",
        subject: `the outcomes of the turns of s1 with the input "${content}"`,
      },
    );
  },
});

/**
 * [ABT-3] An input that `abort` with `queued` releases while it waits for the crash-cut turn of
 * its session to be closed is archived all the same: without a turn id when it was released
 * before its turn, or with its turn's when that turn had opened — in history once either way.
 * It tells apart an agent that settles inputs it releases before taking them in (handed over
 * from another process, waiting outside its local queue) without archiving them.
 */
const releasedWhileCutTurnClosesArchived = defineCase({
  requirements: ['ABT-3'],
  name: 'an input released by abort with queued while a cut turn of its session is closed is still archived, once',
  run: async (context) => {
    const h = context.harness;
    const content = 'archived although released';
    const { input, gate } = await inputWhileCutTurnCloses(context, content);
    context.agent.abort('s1', { queued: true });
    await stopReached(context, input);
    await h.settle();
    gate.open();
    await input.done;
    await h.settle();
    const stored = storedWith(h, 's1', content).filter((message) => message.role === 'user');
    assert.equal('ABT-3', stored.length, 1, {
      rule: 'inputs released by abort with queued must be archived (without a turn id); an input that opened its turn is archived with it',
      subject: `the stored copies of the input "${content}" after abort with queued while the cut turn of s1 was closed`,
    });
  },
});

/**
 * [ARC-8] [DUR-1] [USG-8] A `token:request` answered while a turn of the session runs leaves that turn
 * alone: the turn writes its one record when it ends, and nothing closes it early. An agent may
 * close crash-cut turns before a snapshot ([DUR-1]), but a running turn is not cut. It tells
 * apart an agent whose snapshot closes the session's turns without a record straight from the
 * store, the running one included: a stop marker and an `aborted` record for a turn that then
 * replies and writes its own.
 */
const snapshotLeavesRunningTurn = defineCase({
  requirements: ['ARC-8', 'DUR-1', 'USG-8'],
  name: 'a token:request answered while a turn runs writes no record or stop marker for that turn, which ends with one record',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running while figures are asked' });
    await snapshotOf(h, 's1');
    held.gate.open();
    await held.input.done;
    await h.settle();
    const turnId = assert.defined('ARC-8', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id of the turn that ran while token:request was answered',
    });
    const own = h.archive.messages('s1').filter((message) => message.metadata[Keys.TurnId] === turnId);
    const records = own
      .map((message) => message.metadata[Keys.TurnRecord]?.outcome)
      .filter((outcome) => outcome !== undefined);
    assert.deepEqual('ARC-8', records, ['replied'], {
      rule: 'a turn writes one turn record, with its own outcome: a token:request answered while it ran must not record it',
      subject:
        'the outcomes of the turn records stored for the turn that ran while token:request was answered',
    });
    const markers = own.filter((message) => message.kind === WellKnownKinds.TurnStopped);
    assert.equal('DUR-1', markers.length, 0, {
      rule: 'only a turn running in no live process is closed as cut: a token:request answered while the turn ran must not close it',
      subject: 'the stop markers stored for the turn that ran while token:request was answered',
    });
  },
});

/**
 * [OUT-3] [ABT-3] Inputs released by `abort` with `queued` while they wait for the crash-cut
 * turn of their session to be closed get their stream end marker, one each, as every released
 * input does. It tells apart an agent that settles inputs it releases before taking them in
 * (handed over from another process, waiting outside its local queue) without ending their
 * stream, and one that ends the session's stream once for all the inputs one release took.
 */
const releasedWhileCutTurnClosesEnds = defineCase({
  requirements: ['OUT-3', 'ABT-3'],
  name: 'two inputs released by abort with queued while a cut turn of their session is closed get one stream end marker each',
  run: async (context) => {
    const h = context.harness;
    const { input, gate } = await inputWhileCutTurnCloses(context, 'released while the cut turn is closed');
    h.model.script([{ text: 'reply to the second input' }]);
    const second = sendHuman(context, 's1', 'released beside the first');
    await h.settle();
    context.agent.abort('s1', { queued: true });
    await Promise.all([stopReached(context, input), stopReached(context, second)]);
    await h.settle();
    gate.open();
    await Promise.all([input.done, second.done]);
    await h.settle();
    assert.equal('OUT-3', endMarkers(h, 's1').length, 2, {
      rule: 'every input must get exactly one stream end marker, inputs released by abort with queued before their turn opened included',
      subject:
        'the stream end markers of s1 after its two inputs were stopped or released while the cut turn was closed',
    });
  },
});

/**
 * [OUT-3] [CLR-1] An input that a clearing of its session releases while it waits for the
 * crash-cut turn of the session to be closed gets its stream end marker, as every released input
 * does. It tells apart an agent that settles the inputs a clearing releases before taking them in
 * (handed over from another process, waiting outside its local queue) without ending their
 * stream.
 */
const clearedWhileCutTurnClosesEnds = defineCase({
  requirements: ['OUT-3', 'CLR-1'],
  name: 'an input released by clearing while a cut turn of its session is closed gets one stream end marker',
  run: async (context) => {
    const h = context.harness;
    const { input, gate } = await inputWhileCutTurnCloses(context, 'cleared while the cut turn is closed');
    let cleared = false;
    const clearing = context.agent.clearing(['s1'], async () => {
      cleared = true;
    });
    await stopReached(context, input);
    await h.settle();
    gate.open();
    await Promise.all([clearing, input.done]);
    await h.settle();
    assert.that('CLR-1', cleared, {
      rule: 'clearing must run clear() once the session’s turns were stopped and settled',
      observed: 'the clearing resolved without running clear()',
    });
    assert.equal('OUT-3', endMarkers(h, 's1').length, 1, {
      rule: 'every input must get exactly one stream end marker, one released by clearing before its turn opened included',
      subject:
        'the stream end markers of s1 after its only input was stopped or released by clearing while the cut turn was closed',
    });
  },
});

/** An abort meeting the closing of a cut turn ([ABT-2], [ABT-3]). */
export const ABT_CUT_TURN_MEETS_STOPS_CASES = [
  foreignTurnIdWhileCutTurnCloses,
  releasedWhileCutTurnClosesArchived,
];

/** A snapshot meeting a running turn that has no record yet ([ARC-8]). */
export const ARC_CUT_TURN_MEETS_STOPS_CASES = [snapshotLeavesRunningTurn];

/** The stream end of inputs released while a cut turn is closed ([OUT-3]). */
export const OUT_CUT_TURN_MEETS_STOPS_CASES = [releasedWhileCutTurnClosesEnds, clearedWhileCutTurnClosesEnds];
