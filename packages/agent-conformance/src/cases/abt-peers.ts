import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { contents, sendHuman, session, turns, turnsStarted } from './scenario';
import { handTo, routeLaterInput } from './serving-process';
import { names, stopMarker } from './stop-marker';

/**
 * Abort across two processes of one agent ([DUR-3]): a process that does not serve a session
 * hands the command to the one that does, and the serving process's own abort is its alone.
 * Single-process cases cannot see how the command travels. An agent whose other process runs
 * the session's inputs itself, beside the serving one, cannot make these scenarios: they end
 * there, and the [DUR-3] case reports it.
 */

/** A turn id that is no turn's. */
const FOREIGN_TURN = 'not-the-running-turn';

/**
 * [ABT-2] through the other process: `abort(s1, { turnId })` with an id that is not the running
 * turn's, called on the process that does not serve s1, stops nothing — the running turn goes
 * on and replies — and returns false. The near miss forwards the command to the serving process
 * without its turn-id guard, and the serving process stops its turn.
 */
const foreignTurnIdElsewhere = defineCase({
  requirements: ['ABT-2', 'DUR-3'],
  name: 'abort with another turn id on the process that does not serve the session stops nothing and returns false',
  run: async (context) => {
    const gate = createGate();
    // The later input waits behind the running turn: the command must leave it be too, and
    // while it is on its way `settle` gives the processes time to talk.
    const served = await routeLaterInput(context, {
      first: 'running on its process',
      steps: [
        { waitFor: gate, text: 'reply to the running turn' },
        { text: 'reply to the later inputs' },
        { text: 'reply to the input sent after the abort' },
      ],
      later: 'handed to the other process',
      gates: [gate],
    });
    if (served === undefined) return;
    const { serving, other, later } = served;
    await serving.harness.settle();
    const result = other.agent.abort('s1', { turnId: FOREIGN_TURN });
    assert.equal('ABT-2', result, false, {
      rule: "abort with a turnId that is not the running turn's must do nothing and return false, also on a process that does not serve the session",
      subject: 'the return value of abort with a foreign turn id on the process that does not serve s1',
    });
    // An input sent after the command through the same process: an agent that carries inputs
    // and commands to the serving process in the order they were given has delivered the command
    // once this input arrived there.
    const after = await handTo(other, serving, 's1', 'sent after the abort');
    await serving.harness.settle();
    assert.that('ABT-2', !served.call.aborted, {
      rule: "abort with a turnId that is not the running turn's must do nothing, also when called on a process that does not serve the session",
      observed: 'the running model call on the serving process was aborted',
    });
    gate.open();
    await Promise.all([served.input.done, later.done, after.input.done]);
    const first = turns(serving.harness, 's1')[0];
    assert.equal('ABT-2', first?.after?.outcome, 'replied', {
      rule: "abort with a turnId that is not the running turn's must do nothing, also when called on a process that does not serve the session",
      subject: 'the outcome of the running turn (the abort did not match it)',
    });
    assert.deepEqual('ABT-2', first === undefined ? [] : contents(first.inputs), ['running on its process'], {
      rule: "abort with a turnId that is not the running turn's must do nothing, also when called on a process that does not serve the session",
      subject: 'the inputs of the running turn of s1 on the serving process',
    });
  },
});

/**
 * [ABT-7] through the other process: once the agent settled, the process that does not serve s1
 * answers `abort(s1, { turnId })` with a foreign id false (nothing was stopped), and `abort(s1)`
 * true (the running turn was stopped, and it ends aborted). The near miss answers from its
 * news of the running turn without the turn-id guard: true for a command that stopped nothing.
 */
const answersElsewhere = defineCase({
  requirements: ['ABT-7', 'DUR-3'],
  name: 'on the process that does not serve the session abort answers false for another turn id and true for the running turn',
  run: async (context) => {
    const gate = createGate();
    // While the later input is on its way, `settle` gives the processes time to hear of the
    // running turn.
    const served = await routeLaterInput(context, {
      first: 'running on its process',
      steps: [{ waitFor: gate, text: 'must not be sent' }, { text: 'reply to the later input' }],
      later: 'handed to the other process',
      gates: [gate],
    });
    if (served === undefined) return;
    const { serving, other, later } = served;
    await serving.harness.settle();
    assert.equal('ABT-7', other.agent.abort('s1', { turnId: FOREIGN_TURN }), false, {
      rule: 'the return value of abort says whether a running turn was stopped: false for a turnId that is not the running turn, also on a process that does not serve the session',
      subject: 'the return value of abort with a foreign turn id on the process that does not serve s1',
    });
    await serving.harness.settle();
    assert.that('ABT-7', !served.call.aborted, {
      rule: "abort with a turnId that is not the running turn's must stop nothing",
      observed: 'the running model call on the serving process was aborted',
    });
    assert.equal('ABT-7', other.agent.abort('s1'), true, {
      rule: 'the return value of abort says whether a running turn was stopped: true when it stopped the turn running on the process that serves the session',
      subject:
        'the return value of abort without turn id on the process that does not serve s1, once the agent settled',
    });
    await served.input.done;
    assert.equal('ABT-7', turns(serving.harness, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'abort that returned true must have stopped the running turn',
      subject: 'the outcome of the turn the abort answered true for',
    });
    gate.open();
    await later.done;
  },
});

/**
 * [ABT-4] on the serving process: `abort(s1)` stops only the running turn ([ABT-1]); the input
 * queued behind it opens the next turn as usual, and that turn, running while the agent
 * settles, is not stopped by the same abort arriving late. The near miss also hands the command
 * to every process, hears it back, and runs its local abort a second time one notification
 * later, which stops the next turn.
 */
const abortStopsOnlyRunningTurn = defineCase({
  requirements: ['ABT-4', 'ABT-1', 'DUR-3'],
  name: 'abort on the serving process stops only its running turn, not the next turn a queued input opens',
  run: async (context) => {
    const gate = createGate();
    const next = createGate();
    // Queued through the other process: while it is on its way, `settle` gives the processes
    // time to talk.
    const served = await routeLaterInput(context, {
      first: 'running on its process',
      steps: [
        { waitFor: gate, text: 'must not be sent' },
        { waitFor: next, text: 'reply to the queued input' },
      ],
      later: 'queued behind the turn',
      gates: [gate, next],
    });
    if (served === undefined) return;
    const { serving, later: queued } = served;
    await serving.harness.settle();
    assert.equal('ABT-1', serving.agent.abort('s1'), true, {
      rule: 'abort(sessionId) on the process serving the session must stop its running turn and return true',
      subject: 'the return value of abort on the serving process',
    });
    await turnsStarted(serving.harness, 2, 's1');
    const nextCall = await served.steps[1]!.started;
    await serving.harness.settle();
    assert.that('ABT-4', !nextCall.aborted, {
      rule: 'an abort stops only the turn running when it was called: the next turn, opened by a queued input, must run as usual',
      observed: 'the model call of the next turn was aborted after the abort had stopped the turn before it',
    });
    next.open();
    gate.open();
    await Promise.all([served.input.done, queued.done]);
    const all = turns(serving.harness, 's1');
    assert.deepEqual(
      'ABT-4',
      all.map((turn) => ({ inputs: contents(turn.inputs), outcome: turn.after?.outcome })),
      [
        { inputs: ['running on its process'], outcome: 'aborted' },
        { inputs: ['queued behind the turn'], outcome: 'replied' },
      ],
      {
        rule: 'without queued, an input queued behind the stopped turn must open the next turn as usual, and that turn must not be stopped by the same abort',
        subject: 'the inputs and outcomes of the turns of s1 on the serving process',
      },
    );
  },
});

/** The cases of abort across two processes of one agent ([ABT-2], [ABT-4], [ABT-7] with [DUR-3]). */
/**
 * [ABT-6] [ARC-9] `by` says who stopped the turn, also when the stop is asked of a process that
 * does not serve the session: the serving process stops the turn on the person's behalf and
 * its stop marker names them. The near miss forwards the command without `by`, as if nobody in
 * particular had stopped the turn.
 */
const stopperElsewhere = defineCase({
  requirements: ['ABT-6', 'ARC-9', 'DUR-3'],
  name: 'a stop asked of the process that does not serve the session names the stopper in the stop marker',
  run: async (context) => {
    const gate = createGate();
    const h = context.harness;
    session(h, 's1');
    const peer = await context.peer();
    const steps = [{ waitFor: gate, text: 'must not be sent' }, { text: 'reply to a later input' }];
    const here = h.model.script(steps);
    const there = peer.harness.model.script(steps);
    const first = sendHuman(context, 's1', 'running on its process');
    const served = await Promise.race([
      here[0]!.started.then(() => ({ serving: { harness: h, agent: context.agent }, other: peer })),
      there[0]!.started.then(() => ({ serving: peer, other: { harness: h, agent: context.agent } })),
    ]);
    // A later input through the other process: once it reached the serving process, the other
    // one has heard of the running turn too.
    const later = await handTo(served.other, served.serving, 's1', 'handed to the other process');
    if (!later.routed) {
      gate.open();
      await Promise.all([first.done, later.input.done]);
      return;
    }
    await served.serving.harness.settle();
    const by = { id: 'moderator-7', name: 'Moderator Seven' };
    served.other.agent.abort('s1', { by });
    await first.done;
    gate.open();
    await later.input.done;
    const marker = assert.defined('ARC-9', stopMarker(h, 's1'), {
      rule: 'an aborted turn with inputs in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop marker of the turn stopped through the other process',
    });
    assert.that('ABT-6', names(marker, by), {
      rule: 'the stop marker must name who stopped the turn (abort option by), also when abort was called on a process that does not serve the session',
      observed: `the stop marker did not name ${by.name}: ${JSON.stringify(marker.content)}`,
    });
    assert.equal('ARC-9', marker.metadata[Keys.StoppedBy]?.id, by.id, {
      rule: 'the stop marker of a turn stopped by a person records them',
      subject: 'the id recorded as StoppedBy on the stop marker',
    });
  },
});

export const ABT_PEER_CASES = [
  foreignTurnIdElsewhere,
  answersElsewhere,
  abortStopsOnlyRunningTurn,
  stopperElsewhere,
];
