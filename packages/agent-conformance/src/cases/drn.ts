import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import {
  endMarkers,
  holdClearing,
  holdHook,
  holdTurn,
  incomingWrites,
  sendHuman,
  sendInjection,
  session,
  turns,
} from './scenario';

const drain = defineCase({
  requirements: ['DRN-1'],
  name: 'drain aborts running turns, releases queued inputs and settles every handleMessage without half-written groups',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const queued = sendInjection(context, 's1', 'queued job');
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.model.script([{ toolCalls: [{ name: 'slow' }] }, { text: 'never' }]);
    const inTool = sendHuman(context, 's2', 'long task');
    const toolCall = await slow.started(0);
    await h.drain();
    await h.settle();
    for (const input of [held.input, queued, inTool]) {
      assert.that('DRN-1', input.settled, {
        rule: 'drain must settle every pending handleMessage',
        observed: `"${input.message.content}" was still pending after drain`,
      });
    }
    assert.that('DRN-1', held.call.aborted && toolCall.context.signal.aborted, {
      rule: 'drain must abort the in-flight turns: their model and tool calls',
      observed: 'the model or tool call was still running after drain',
    });
    assert.equal('DRN-1', turns(h, 's1').length, 1, {
      rule: 'drain must release queued inputs: they open no turn',
      subject: 'the turns of s1 (the queued input must open none)',
    });
    for (const sessionId of ['s1', 's2']) {
      const stored = h.archive.messages(sessionId);
      for (const message of stored) {
        for (const call of message.toolCalls ?? []) {
          const answered = stored.some((other) => other.role === 'tool' && other.toolCallId === call.id);
          assert.that('DRN-1', answered, {
            rule: 'drain must leave nothing half-written: every persisted tool call has its result',
            observed: `tool call ${call.id} was persisted without its result (a half-written group)`,
          });
        }
      }
    }
  },
});

/**
 * Holds `s1` under a clearing whose `clear()` waits for the returned gate, sends a human input
 * `content` into the hold, then drains the agent. `clearing` resolves with its failure, if any.
 */
async function drainWhileHeld(context: CaseContext, content: string) {
  const h = context.harness;
  session(h, 's1');
  const { gate, outcome: clearing } = await holdClearing(context, ['s1']);
  const held = sendHuman(context, 's1', content);
  await h.settle();
  await h.drain();
  await h.settle();
  return { held, clearing, gate };
}

/**
 * Drain reaches inputs that wait for a clearing's hold too ([DRN-1]): the held input settles
 * by drain, opens no turn and, like every input held by clearing, is not archived ([CLR-2]);
 * the clearing itself completes once its `clear()` ends.
 */
const drainDuringHold = defineCase({
  requirements: ['DRN-1', 'CLR-2'],
  name: 'drain settles an input held by clearing without archiving it, and the clearing completes',
  run: async (context) => {
    const h = context.harness;
    const { held, clearing, gate } = await drainWhileHeld(context, 'held during the clearing');
    assert.that('DRN-1', held.settled, {
      rule: 'drain must settle every pending handleMessage, also one held by clearing',
      observed: 'the input held by clearing was still pending after drain',
    });
    assert.equal('DRN-1', turns(h, 's1').length, 0, {
      rule: 'an input drain released must open no turn',
      subject: 'the turns of the held input',
    });
    assert.equal('CLR-2', incomingWrites(h, 'held during the clearing').length, 0, {
      rule: 'an input that arrived during a clearing hold must not be archived during the hold',
      subject: 'the archive writes of the held input',
    });
    gate.open();
    assert.equal('DRN-1', await clearing, undefined, {
      rule: 'a clearing under way must still complete once its clear() ended, also across a drain',
      subject: 'the outcome of the clearing',
    });
  },
});

/**
 * [DRN-1] "In-flight turns are aborted": a drained turn ends as a stop does ([ABT-1]), with
 * `agent:turn:after` and outcome `aborted`, and its record is written ([ARC-8]), so nothing of
 * it is left half-written for recovery to close. The near miss lets the process go without
 * ending its turns: every handleMessage settles, but the turns' inputs stay in history with no
 * outcome.
 */
const drainedTurnsEnd = defineCase({
  requirements: ['DRN-1', 'ARC-8'],
  name: 'a drained turn ends with agent:turn:after as aborted and writes its turn record',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    await h.drain();
    await held.input.done;
    await h.settle();
    assert.equal('DRN-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'drain aborts in-flight turns: each must still end with agent:turn:after, outcome "aborted" (ABT-1)',
      subject: 'the outcome of the drained turn in agent:turn:after',
    });
    const records = h.archive
      .messages('s1')
      .map((message) => message.metadata[Keys.TurnRecord])
      .filter((record) => record !== undefined);
    assert.deepEqual(
      'ARC-8',
      records.map((record) => record.outcome),
      ['aborted'],
      {
        rule: 'a drained turn, like every turn that ran, must write its turn record before agent:turn:after',
        subject: 'the turn records in the history of the drained session',
      },
    );
  },
});

/**
 * [DRN-1] Drain releases the running turn's pending insertions with the queue: every pending
 * `handleMessage` settles. A human input waits to join a human turn held in a tool call; drain
 * stops the turn, and once that turn has ended and all is quiet the insertion has settled
 * without a turn, none of it waiting for a drain deadline. The near miss releases the queue but
 * leaves the pending insertions in place, where they settle only when drain abandons them.
 */
const drainReleasesInsertions = defineCase({
  requirements: ['DRN-1'],
  name: 'drain settles the pending insertions of a running turn once that turn ended',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.model.script([{ toolCalls: [{ name: 'slow' }] }, { text: 'never' }, { text: 'never either' }]);
    const opening = sendHuman(context, 's1', 'long task');
    await slow.started(0);
    const pending = sendHuman(context, 's1', 'pending insertion');
    await h.settle();
    const draining = h.drain();
    await opening.done;
    await h.settle();
    assert.that('DRN-1', pending.settled, {
      rule: "drain must release the running turn's pending insertions too: every pending handleMessage settles",
      observed: 'the pending insertion was still pending after the drained turn ended and all was quiet',
    });
    await draining;
    assert.equal('DRN-1', turns(h, 's1').length, 1, {
      rule: 'an input drain released must open no turn',
      subject: 'the turns of s1 (the pending insertion must open none)',
    });
  },
});

/** The cases of the DRN family ([DRN-1]). */
/**
 * [DRN-1] An input still in `agent:input:before` when drain begins: its middleware calls `next`
 * once drain is under way. Shutting down, the agent releases it like a queued input — its call
 * settles, and it opens no turn. The near miss checks for drain only where it holds inputs for a
 * clearing, so the input reaches the queue afterwards and runs a turn after the shutdown.
 */
const drainReleasesInputInProcessing = defineCase({
  requirements: ['DRN-1'],
  name: 'an input still in agent:input:before when drain begins opens no turn once its middleware calls next',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = holdHook(h, 'agent:input:before');
    h.model.script([{ text: 'must not be sent after the shutdown' }]);
    const input = sendHuman(context, 's1', 'arrived as the process shuts down');
    await held.reached();
    const drained = h.drain();
    held.gate.open();
    await Promise.all([drained, input.done]);
    await h.settle();
    assert.equal('DRN-1', turns(h, 's1').length, 0, {
      rule: 'on drain the inputs not yet in a turn are released: one that leaves agent:input:before after drain began must open no turn',
      subject: 'the turns of s1 after drain',
    });
  },
});

/**
 * [DRN-1] [OUT-3] Drain meets a clearing's hold: an input that waits for the hold is released
 * by the shutdown — it settles, opens no turn — and, as every input handled, dropped or released,
 * gets exactly one stream end marker for its session. The near miss lets the held input go
 * quietly when drain wakes it: its call settles, but the session's stream is never ended.
 */
const heldInputDrainedEndsStream = defineCase({
  requirements: ['DRN-1', 'OUT-3'],
  name: 'an input held by clearing and released by drain gets its stream end marker',
  run: async (context) => {
    const h = context.harness;
    const { held, clearing, gate } = await drainWhileHeld(context, 'held during the clearing, then drained');
    gate.open();
    await clearing;
    await held.done;
    await h.settle();
    assert.equal('DRN-1', turns(h, 's1').length, 0, {
      rule: 'an input drain released must open no turn',
      subject: 'the turns of s1',
    });
    // An agent of several processes may keep the held input queued for another one: the
    // closing process's call then rejects, and the input is not released here.
    if (held.state === 'rejected') return;
    assert.equal('OUT-3', endMarkers(h, 's1').length, 1, {
      rule: 'an input released by drain while a clearing held it must get exactly one stream end marker',
      subject: 'the stream end markers of s1',
    });
  },
});

export const DRN_CASES = [
  drain,
  drainDuringHold,
  drainedTurnsEnd,
  drainReleasesInsertions,
  drainReleasesInputInProcessing,
  heldInputDrainedEndsStream,
];
