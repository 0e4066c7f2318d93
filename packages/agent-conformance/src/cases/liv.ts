import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WellKnownMetadataKeys as Keys, type StreamChunk } from '@aalis/schema-message';
import { assert } from '../assert';
import type { CaseContext } from '../define-case';
import { defineCase } from '../define-case';
import { createGate, type Gate } from '../harness/gate';
import type { Harness } from '../harness/harness';
import type { InputRecord } from '../runner/input-record';
import {
  abortHungTurn,
  answeredThenStuck,
  assertSettles,
  assertStillServes,
  CROWD,
  hangHook,
  LIVENESS_TIMEOUT_MS,
  never,
  STALL_LIMIT_MS,
  stuckInPreprocessing,
} from './liveness';
import { incomingWrites, outbound, sendHuman, sendInjection, session, turns } from './scenario';

/**
 * The liveness cases ([LIV-1]..[LIV-4]). Each hangs one piece of someone else's code for one
 * marked input only, then stops the session, and checks that every call settles within the
 * case's limit (the agent may give hung code a grace time first) and that the session still
 * serves a later input: nothing stays stuck.
 */

/** Clears `s1`; checks that `clear()` ran and the stuck call settled. */
async function clearStuckSession(context: CaseContext, stuck: InputRecord): Promise<void> {
  let cleared = false;
  await context.agent.clearing(['s1'], async () => {
    cleared = true;
  });
  assert.that('LIV-1', cleared, {
    rule: "clearing must run clear() even while a middleware of the session's turn hangs",
    observed: 'clearing resolved without running clear()',
  });
  await assertSettles('LIV-1', stuck, 'clearing');
}

/** Deletes `s1` as a session manager does; checks that the listener and the stuck call settled. */
async function deleteStuckSession(context: CaseContext, stuck: InputRecord): Promise<void> {
  const h = context.harness;
  const generation = h.sessions.advanceGeneration('s1');
  await h.events.emit('session:deleted', { sessionId: 's1', generation });
  await assertSettles('LIV-1', stuck, 'the deletion of its session');
}

const inputBeforeAbortQueued = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:input:before middleware that never calls next cannot keep handleMessage from settling after abort with queued',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const stuck = await stuckInPreprocessing(context);
    context.agent.abort('s1', { queued: true });
    await assertSettles('LIV-1', stuck, 'abort with queued');
    assert.equal('LIV-1', h.model.requests.length, 0, {
      rule: 'an input dropped by a hung agent:input:before middleware must make no model call',
      subject: 'the model calls for the dropped input',
    });
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

const inputBeforeClearing = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:input:before middleware that never calls next cannot keep handleMessage or clearing from settling',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const stuck = await stuckInPreprocessing(context);
    await clearStuckSession(context, stuck);
    await assertStillServes(context, 'LIV-1', 's1');
  },
});

const inputBeforeDeletion = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:input:before middleware that never calls next cannot keep handleMessage from settling after its session is deleted',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const stuck = await stuckInPreprocessing(context);
    await deleteStuckSession(context, stuck);
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

const inputBeforeAfterNext = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:input:before middleware that hangs after next cannot keep handleMessage from settling after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const stuck = await answeredThenStuck(context);
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
  },
});

/**
 * [LIV-1] The same hang after `next`, stopped by clearing: the input's turn ended, so clearing
 * has no turn to wait for, yet its `handleMessage` must settle too. The near miss lets clearing
 * (and abort with `queued`, and deletion) drop only the calls still before `next`.
 */
const inputAfterNextClearing = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:input:before middleware that hangs after next cannot keep handleMessage from settling after clearing',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const stuck = await answeredThenStuck(context);
    await clearStuckSession(context, stuck);
  },
});

const turnBeforeAbort = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:turn:before middleware that never calls next cannot keep handleMessage from settling after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const entered = hangHook(context, 'agent:turn:before', { sessionId: 's1' });
    const stuck = sendHuman(context, 's1', 'stuck before the turn');
    await entered.opened;
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
    assert.equal('LIV-1', h.model.requests.length, 0, {
      rule: 'a turn stopped inside a hung agent:turn:before middleware must make no model call',
      subject: 'the model calls of the stopped turn',
    });
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

/** Starts a turn of `s1` that replies and then hangs in `agent:turn:after`. */
async function hungAfterTurn(context: CaseContext): Promise<InputRecord> {
  session(context.harness, 's1');
  context.harness.model.script([{ text: 'replied, then stuck' }]);
  const entered = hangHook(context, 'agent:turn:after', { sessionId: 's1' });
  const stuck = sendHuman(context, 's1', 'reply then hang');
  await entered.opened;
  return stuck;
}

const turnAfterAbort = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:turn:after middleware that never settles cannot keep handleMessage from settling after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const stuck = await hungAfterTurn(context);
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
    await assertStillServes(context, 'LIV-1', 's1');
  },
});

const turnAfterClearing = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:turn:after middleware that never settles cannot keep handleMessage or clearing from settling',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const stuck = await hungAfterTurn(context);
    await clearStuckSession(context, stuck);
    await assertStillServes(context, 'LIV-1', 's1');
  },
});

const turnAfterDeletion = defineCase({
  requirements: ['LIV-1'],
  name: 'an agent:turn:after middleware that never settles cannot keep handleMessage or the deletion listener from settling',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const stuck = await hungAfterTurn(context);
    await deleteStuckSession(context, stuck);
  },
});

/**
 * Adds an `outbound:stream` listener that never settles on the first chunk of s1 `matches`
 * accepts; the returned gate opens then.
 */
function hangStreamListener(h: Harness, matches: (chunk: StreamChunk) => boolean): Gate {
  const hung = createGate();
  h.services.events.on('outbound:stream', ({ chunk }) => {
    if (chunk.sessionId !== 's1' || hung.isOpen || !matches(chunk)) return undefined;
    hung.open();
    h.tick();
    return never();
  });
  return hung;
}

const streamListenerAbort = defineCase({
  requirements: ['LIV-1'],
  name: 'an outbound:stream listener that never settles cannot keep handleMessage from settling after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.model.script([{ text: 'streamed, then stuck' }]);
    const hung = hangStreamListener(h, () => true);
    const stuck = sendHuman(context, 's1', 'stream to a hung listener');
    await h.until(() => hung.isOpen, 'an outbound:stream chunk of s1 to reach the listener that hangs');
    await h.settle();
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

const streamEndListenerAbort = defineCase({
  requirements: ['LIV-1'],
  name: 'an outbound:stream listener that never settles on the stream end marker cannot keep handleMessage from settling after abort',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.model.script([{ text: 'answered, then the end marker hangs' }]);
    const hung = hangStreamListener(h, (chunk) => chunk.type === 'end');
    const stuck = sendHuman(context, 's1', 'end marker to a hung listener');
    await h.until(() => hung.isOpen, 'the stream end marker of s1 to reach the listener that hangs');
    await h.settle();
    context.agent.abort('s1');
    await assertSettles('LIV-1', stuck, 'abort');
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

const archiveHangAbort = defineCase({
  requirements: ['LIV-1'],
  name: 'an archive that never answers for the opening inputs cannot keep an aborted turn from ending with agent:turn:after',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.archive.hangNext('archiveIncoming');
    await abortHungTurn(
      context,
      'archived into a store that hangs',
      'a turn stopped while the archive hangs on its inputs must still end with agent:turn:after, outcome "aborted" (ABT-1)',
    );
  },
});

const recoveryHangAbort = defineCase({
  requirements: ['LIV-1', 'DUR-1'],
  name: 'a store that never answers while a crash-cut turn is closed cannot keep an aborted turn from ending with agent:turn:after',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    // What a process that died mid-turn left: an opened input and a tool call nobody answered.
    const cut = 'turn-cut-by-a-crash';
    const archive = h.archive.service;
    await archive.archiveIncoming(h.input({ sessionId: 's1', content: 'cut short by a crash' }), {
      turnId: cut,
      entry: 'opened',
    });
    await archive.append('s1', [
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call-cut', name: 'lookup', arguments: '{}' }],
        metadata: { [Keys.TurnId]: cut },
      },
    ]);
    // Closing the cut turn appends its error result, stop marker and record: the first append hangs.
    h.archive.hangNext('append');
    const stuck = sendHuman(context, 's1', 'after the restart, into a store that hangs');
    // An agent closes the cut turn in the input's turn, or before it takes the input in (as one
    // that takes the session over from another process does): the store hangs either way.
    await h.until(
      () => turns(h, 's1').length > 0 || h.archive.hung.length > 0,
      'the turn of s1 to reach agent:turn:before, or the store to hang',
    );
    await h.settle();
    // With queued, also an input the agent has not taken in yet is let go.
    context.agent.abort('s1', { queued: true });
    await assertSettles('LIV-1', stuck, 'abort');
    const stopped = turns(h, 's1')[0];
    if (stopped !== undefined) {
      assert.equal('LIV-1', stopped.after?.outcome, 'aborted', {
        rule: 'a turn stopped while the store hangs closing a crash-cut turn must still end with agent:turn:after, outcome "aborted" (ABT-1)',
        subject: 'the outcome of the stopped turn in agent:turn:after',
      });
    }
    await assertStillServes(context, 'LIV-1', 's2');
  },
});

const modelResolveHangAbort = defineCase({
  requirements: ['LIV-1'],
  name: "a model service that never resolves the turn's model cannot keep an aborted turn from ending with agent:turn:after",
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.model.hangNextResolve();
    await abortHungTurn(
      context,
      'asked of a model service that hangs',
      'a turn stopped while the model service hangs must still end with agent:turn:after, outcome "aborted" (ABT-1)',
    );
  },
});

const drainWithHungPieces = defineCase({
  requirements: ['LIV-2'],
  name: 'drain resolves and settles every handleMessage although a middleware and a listener never settle',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's2');
    const afterStuck = await hungAfterTurn(context);
    const entered = hangHook(context, 'agent:input:before', { sessionId: 's2' });
    const preprocessing = sendHuman(context, 's2', 'stuck in preprocessing');
    await entered.opened;
    const hung = createGate();
    h.services.events.on('outbound:stream', () => {
      hung.open();
      return never();
    });
    await h.drain();
    for (const input of [afterStuck, preprocessing]) {
      assert.that('LIV-2', input.settled, {
        rule: 'drain must settle every handleMessage by its deadline, even with a hung middleware and listener',
        observed: `"${input.message.content}" was still pending when drain resolved`,
      });
    }
  },
});

/** Resolves after `ms` milliseconds. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * [LIV-2]: drain resolves once every pending `handleMessage` settled (or at its deadline), also
 * the calls still in `agent:input:before` when it begins: here two whose middlewares drop their
 * inputs a moment after drain began, one sooner than the other, both well within any deadline.
 */
const drainWaitsForPreprocessing = defineCase({
  requirements: ['LIV-2'],
  name: 'drain resolves only once the inputs still in agent:input:before settled, the sooner and the later one',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const entered = { s1: createGate(), s2: createGate() };
    const holdMs: Record<string, number> = { s1: 300, s2: 30 };
    h.hooks.middleware('agent:input:before', async (payload) => {
      const { sessionId } = payload.message;
      entered[sessionId as 's1' | 's2'].open();
      // Dropped without next: no turn to wait for, only the call itself.
      await delay(holdMs[sessionId] ?? 0);
    });
    const later = sendHuman(context, 's1', 'dropped later');
    const sooner = sendHuman(context, 's2', 'dropped sooner');
    await Promise.all([entered.s1.opened, entered.s2.opened]);
    await h.drain();
    for (const input of [sooner, later]) {
      assert.that('LIV-2', input.settled, {
        rule: 'drain must settle every pending handleMessage before it resolves, those still in agent:input:before included',
        observed: `"${input.message.content}" was still pending when drain resolved`,
      });
    }
  },
});

/** 1 MiB of one repeated CJK character: "哈哈哈…" spam, the costliest text for a BPE tokenizer. */
const HUGE_INPUT = '哈'.repeat(1 << 20);

const hugeInput = defineCase({
  requirements: ['LIV-3'],
  name: 'a 1 MiB input of one repeated character settles without an exception and stalls no other session',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.model.script([{ text: 'answered the long one' }, { text: 'answered the short one' }]);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const huge = sendHuman(context, 's1', HUGE_INPUT);
    const short = sendHuman(context, 's2', 'a short question meanwhile');
    await Promise.all([huge.done, short.done]);
    delay.disable();
    const stallMs = delay.max / 1e6;
    assert.equal('LIV-3', huge.state, 'resolved', {
      rule: 'a 1 MiB input of one repeated character must settle without an exception',
      subject: 'the state of handleMessage for the 1 MiB input',
    });
    assert.equal('LIV-3', short.state, 'resolved', {
      rule: 'a 1 MiB input must not stall another session',
      subject: 'the state of handleMessage for the other session',
    });
    assert.that('LIV-3', stallMs < STALL_LIMIT_MS, {
      rule: `one input may block the event loop for at most ${STALL_LIMIT_MS} ms`,
      observed: `the event loop stalled for ${Math.round(stallMs)} ms`,
    });
    const noticed = outbound(h, 's1').some((message) => message.kind === 'notice');
    const answered = turns(h, 's1').some((turn) => turn.after !== undefined);
    assert.that('LIV-3', noticed || answered, {
      rule: 'a 1 MiB input must end with a reply or a notice refusing it',
      observed: 'it got neither a reply nor a notice',
    });
  },
});

const admission = defineCase({
  requirements: ['LIV-4'],
  name: 'turns past the limit on running turns wait, open oldest first and all settle',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const gate = createGate();
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    h.model.script(ids.map((id) => ({ waitFor: gate, text: `reply in ${id}` })));
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const running = h.model.requests.filter((call) => call.state === 'open').length;
    assert.that('LIV-4', running > 0, {
      rule: 'turns must open while the limit on running turns is not reached',
      observed: 'no turn was running',
    });
    assert.that('LIV-4', running < CROWD, {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      observed: `${running} turns were running at once: no limit`,
    });
    gate.open();
    await Promise.all(inputs.map((input) => input.done));
    const order = turns(h).map((turn) => turn.sessionId);
    assert.deepEqual('LIV-4', order, ids, {
      rule: 'turns waiting for the limit on running turns must open oldest first',
      subject: 'the order in which the waiting turns opened',
    });
    for (const id of ids) {
      assert.equal('LIV-4', turns(h, id)[0]?.after?.outcome, 'replied', {
        rule: 'every turn waiting for the limit must eventually run and reply',
        subject: `the outcome of the turn of ${id}`,
      });
    }
  },
});

const admissionLeave = defineCase({
  requirements: ['LIV-4'],
  name: 'a session cleared while it waits for the limit leaves the line; the rest still open oldest first',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const gate = createGate();
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    h.model.script(ids.slice(1).map((id) => ({ waitFor: gate, text: `reply in ${id}` })));
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const waiting = ids.filter((id) => turns(h, id).length === 0);
    // One from the middle of the line, with sessions waiting before and after it.
    const cleared = assert.defined('LIV-4', waiting[Math.floor(waiting.length / 2)], {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      subject: 'a session waiting for the limit on running turns',
    });
    await context.agent.clearing([cleared], async () => {});
    gate.open();
    await Promise.all(inputs.map((input) => input.done));
    assert.deepEqual(
      'LIV-4',
      turns(h).map((turn) => turn.sessionId),
      ids.filter((id) => id !== cleared),
      {
        rule: 'under the limit on running turns, clearing a waiting session releases its input (CLR-1) and every other waiting turn still opens, oldest first',
        subject: 'the order in which the turns opened',
      },
    );
  },
});

const admissionAfterStops = defineCase({
  requirements: ['LIV-4'],
  name: 'under the limit, stopping a running session and admitting one from the line leave the line and later turns intact',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const gate = createGate();
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    // Every first turn, and the admitted session's second one.
    h.model.script(Array.from({ length: CROWD + 1 }, () => ({ waitFor: gate, text: 'reply' })));
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    // The oldest session, running since before the line formed, and the oldest one in line.
    const [stopped] = ids as [string];
    const admitted = assert.defined(
      'LIV-4',
      ids.find((id) => turns(h, id).length === 0),
      {
        rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
        subject: 'a session waiting for the limit on running turns',
      },
    );
    const released = sendInjection(context, stopped, 'a job queued behind the running turn');
    await h.settle();
    const stoppedRunning = await context.agent.abort(stopped, { queued: true });
    assert.that('LIV-4', stoppedRunning, {
      rule: 'abort must stop the running turn of a session (ABT-1)',
      observed: `abort of ${stopped} returned false`,
    });
    await h.until(
      () => turns(h, admitted).length > 0,
      `the oldest waiting session (${admitted}) to open its turn in the slot the stopped turn freed`,
    );
    const second = sendInjection(context, admitted, 'a job for the session admitted from the line');
    await h.settle();
    gate.open();
    await Promise.all([...inputs, released, second].map((input) => input.done));
    const opened = turns(h).map((turn) => turn.sessionId);
    assert.deepEqual(
      'LIV-4',
      opened.filter((id, index) => opened.indexOf(id) === index),
      ids,
      {
        rule: 'stopping a session that held a slot, with its queue, must leave every waiting session in line, oldest first',
        subject: 'the order in which the sessions opened their first turns',
      },
    );
    assert.deepEqual(
      'LIV-4',
      turns(h, admitted).map((turn) => turn.after?.outcome),
      ['replied', 'replied'],
      {
        rule: 'a session that got its slot from the line must open its next turn like any other once that turn ends',
        subject: `the outcomes of the turns of ${admitted}`,
      },
    );
    assert.equal('LIV-4', turns(h, stopped).length, 1, {
      rule: 'an input released by abort with queued opens no turn (ABT-3)',
      subject: `the number of turns of ${stopped}`,
    });
  },
});

/**
 * Under the limit on running turns, every ABT rule holds for a session waiting in line
 * ([LIV-4]): abort with `queued` stops no turn and returns `false` ([ABT-7]), and still
 * releases its input, which settles at once, opens no turn and is archived without a turn id
 * ([ABT-3]); clearing the session afterwards completes ([CLR-1]). The same holds for a session
 * back in line with a queued job after its own turn ended.
 */
const admissionAbortQueued = defineCase({
  requirements: ['LIV-4'],
  name: 'abort with queued of a session waiting for the limit releases its input at once and opens no turn',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const [firstEnds, gate] = [createGate(), createGate()];
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    const [first] = ids as [string];
    h.model.script([
      { waitFor: firstEnds, text: `reply in ${first}` },
      ...ids.slice(2).map((id) => ({ waitFor: gate, text: `reply in ${id}` })),
    ]);
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const index = ids.findIndex((id) => turns(h, id).length === 0);
    const waiting = assert.defined('LIV-4', ids[index], {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      subject: 'a session waiting for the limit on running turns',
    });
    await assertReleasedFromLine(context, waiting, inputs[index]!);
    const job = sendInjection(context, first, `a job queued behind ${first}`);
    await h.settle();
    firstEnds.open();
    await h.until(() => turns(h, first)[0]?.afterRun !== undefined, `the turn of ${first} to end`);
    await h.settle();
    await assertReleasedFromLine(context, first, job);
    await context.agent.clearing([waiting], async () => {});
    gate.open();
    await Promise.all(inputs.map((input) => input.done));
    assert.deepEqual(
      'LIV-4',
      turns(h).map((turn) => turn.sessionId),
      ids.filter((id) => id !== waiting),
      {
        rule: 'under the limit on running turns, the other waiting sessions must still open, oldest first',
        subject: 'the order in which the turns opened',
      },
    );
  },
});

/** Aborts `sessionId`, waiting in line for the limit, with `queued`; checks `input` was released (ABT-3, ABT-7). */
async function assertReleasedFromLine(context: CaseContext, sessionId: string, input: InputRecord) {
  const h = context.harness;
  const turnsBefore = turns(h, sessionId).length;
  assert.equal('LIV-4', context.agent.abort(sessionId, { queued: true }), false, {
    rule: 'abort must return false when no turn of the session runs (ABT-7), also while it waits for the limit',
    subject: `abort with queued of ${sessionId}, waiting for the limit`,
  });
  await h.until(() => input.settled, `the released input of ${sessionId} to settle`);
  assert.equal('LIV-4', turns(h, sessionId).length, turnsBefore, {
    rule: 'an input released by abort with queued must settle without opening a turn, at once when no turn runs (ABT-3)',
    subject: `the turns of ${sessionId} once its input was released`,
  });
  assert.deepEqual(
    'LIV-4',
    incomingWrites(h, input.message.content).map((write) => write.incoming?.turnId),
    [undefined],
    {
      rule: 'an input released by abort with queued must be archived once, without a turn id (ABT-3)',
      subject: `the turn ids the released input of ${sessionId} was archived with`,
    },
  );
}

/** Under the limit on running turns, drain reaches the sessions in line too ([LIV-4], [DRN-1]). */
const admissionDrain = defineCase({
  requirements: ['LIV-4'],
  name: 'drain settles the inputs waiting for the limit without opening their turns',
  timeoutMs: LIVENESS_TIMEOUT_MS,
  run: async (context) => {
    const h = context.harness;
    const ids = Array.from({ length: CROWD }, (_, index) => session(h, `crowd-${index}`));
    h.model.script(ids.map(() => ({ untilAborted: true })));
    const inputs = ids.map((id) => sendHuman(context, id, `hello from ${id}`));
    await h.settle();
    const waiting = ids.filter((id) => turns(h, id).length === 0);
    assert.that('LIV-4', waiting.length > 0, {
      rule: `turns running at once across sessions must be limited (below ${CROWD} here)`,
      observed: `all ${CROWD} sessions were running a turn`,
    });
    await h.drain();
    await h.settle();
    const pending = inputs.filter((input) => !input.settled).map((input) => input.message.sessionId);
    assert.deepEqual('LIV-4', pending, [], {
      rule: 'drain must settle every pending handleMessage (DRN-1), also of sessions waiting for the limit',
      subject: 'the sessions whose input was still pending after drain',
    });
    const opened = waiting.filter((id) => turns(h, id).length > 0);
    assert.deepEqual('LIV-4', opened, [], {
      rule: 'drain releases the queued inputs (DRN-1): a session waiting for the limit must open no turn',
      subject: 'the waiting sessions that opened a turn during drain',
    });
  },
});

/** The cases of the LIV family ([LIV-1]..[LIV-4]). */
export const LIV_CASES = [
  inputBeforeAbortQueued,
  inputBeforeClearing,
  inputBeforeDeletion,
  inputBeforeAfterNext,
  inputAfterNextClearing,
  turnBeforeAbort,
  turnAfterAbort,
  turnAfterClearing,
  turnAfterDeletion,
  streamListenerAbort,
  streamEndListenerAbort,
  archiveHangAbort,
  recoveryHangAbort,
  modelResolveHangAbort,
  drainWithHungPieces,
  drainWaitsForPreprocessing,
  hugeInput,
  admission,
  admissionLeave,
  admissionAfterStops,
  admissionAbortQueued,
  admissionDrain,
];
