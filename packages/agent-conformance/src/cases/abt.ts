import { inspect } from 'node:util';
import { WellKnownMetadataKeys as Keys, type Message, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import { queueWhileIdle } from './idle-queue';
import { contents, holdTurn, incomingWrites, sendHuman, sendInjection, session, turns } from './scenario';
import { names, stopMarker } from './stop-marker';
import { nextAfterStop } from './turn-before-moves';

const stopsModelCall = defineCase({
  requirements: ['ABT-1'],
  name: 'abort cancels the running model call and ends the turn as aborted',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'long task', untilAborted: true });
    const stopped = context.agent.abort('s1');
    assert.equal('ABT-1', stopped, true, {
      rule: 'abort(sessionId) of a session with a running turn must stop it and return true',
      subject: 'the return value of abort with a running turn',
    });
    await held.input.done;
    assert.that('ABT-1', held.call.aborted, {
      rule: 'abort(sessionId) must cancel the running model call through its AbortSignal',
      observed: 'the signal of the running model call was not aborted',
    });
    assert.equal('ABT-1', held.call.state, 'rejected', {
      rule: 'abort(sessionId) must cancel the running model call through its AbortSignal',
      subject: 'the state of the cancelled model call',
    });
    const turn = assert.defined('ABT-1', turns(h, 's1')[0]?.after, {
      rule: 'a stopped turn must still end with agent:turn:after',
      subject: 'the agent:turn:after payload of the stopped turn',
    });
    assert.equal('ABT-1', turn.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted"',
      subject: 'the outcome of the stopped turn',
    });
    assert.equal('ABT-1', h.model.requests.length, 1, {
      rule: 'after abort no further model call may start in the stopped turn',
      subject: 'the number of model calls',
    });
  },
});

const stopsToolLoop = defineCase({
  requirements: ['ABT-1'],
  name: 'after an abort during a tool call no further tool or model call starts',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.tools.define({ name: 'next_tool' });
    h.model.script([{ toolCalls: [{ name: 'slow' }, { name: 'next_tool' }] }, { text: 'must not be asked' }]);
    const input = sendHuman(context, 's1', 'use tools');
    const call = await slow.started(0);
    // Calls of one response may run concurrently: what started before the abort may stand.
    const startedBeforeAbort = h.tools.calls.length;
    assert.equal('ABT-1', context.agent.abort('s1'), true, {
      rule: 'abort(sessionId) during a tool call must stop the turn and return true',
      subject: 'the return value of abort during a tool call',
    });
    await input.done;
    assert.that('ABT-1', call.context.signal.aborted, {
      rule: 'abort(sessionId) must abort the signal of the running tool call (ToolCallContext.signal)',
      observed: 'the signal of the running tool call was not aborted',
    });
    assert.equal('ABT-1', h.tools.calls.length, startedBeforeAbort, {
      rule: 'after abort no further tool call may start in the stopped turn',
      subject: 'the number of tool calls (those started before the abort may stand)',
    });
    assert.equal('ABT-1', h.model.requests.length, 1, {
      rule: 'after abort no further model call may start in the stopped turn',
      subject: 'the number of model calls',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted"',
      subject: 'the outcome of the stopped turn',
    });
  },
});

/**
 * [ABT-1] A stop that lands while a response's tool calls are starting: a listener of the first
 * call's `tool:execute` aborts the turn at once, while an `agent:tool:before` middleware that
 * yields holds the others. Calls of one response may run side by side, but
 * a call that had not started by then must not start afterwards (the first one may stand: its
 * `tool:execute` is how it starts). The near miss checks the stop once per call, before its
 * `agent:tool:before`, and lets every call it began that way go on to execute.
 */
const stopWhileToolCallsStart = defineCase({
  requirements: ['ABT-1'],
  name: 'an abort while the first of several tool calls starts lets none of the others start afterwards',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup', steps: [{ untilAborted: true }, { result: 'b' }, { result: 'c' }] });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }, { name: 'lookup' }, { name: 'lookup' }] },
      { text: 'must not be asked' },
    ]);
    // Another plugin's middleware that yields before `next`, as an async one does: calls of a
    // response run side by side each pass their own start before the first one executes.
    h.hooks.middleware('agent:tool:before', async (_payload, next) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await next();
    });
    let stoppedAt: number | undefined;
    h.services.events.on('tool:execute', () => {
      if (stoppedAt !== undefined) return;
      stoppedAt = h.tick();
      context.agent.abort('s1');
    });
    await sendHuman(context, 's1', 'look three things up').done;
    const stop = assert.defined('ABT-1', stoppedAt, {
      rule: 'a tool call must emit tool:execute',
      subject: 'the stop made when the first tool call started',
    });
    const after = h.tools.calls.slice(1).filter((call) => call.seq > stop).length;
    assert.equal('ABT-1', after, 0, {
      rule: 'after abort no further tool call may start in the stopped turn, also when the calls of one response run side by side',
      subject: 'the tool calls after the first that started after the stop',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted"',
      subject: 'the outcome of the stopped turn',
    });
  },
});

/**
 * [ABT-1] An abort while an `agent:turn:before` middleware holds the turn, which then calls `next`
 * at once: the turn was not blocked, so the stop ends it as any stop does — no model call,
 * outcome `aborted`, `agent:turn:after` run (see `turn-before-moves.ts`). The near miss reads the
 * turn's own signal after the hook and takes the stopped turn for a blocked one.
 */
const stopDuringTurnBefore = defineCase({
  requirements: ['ABT-1'],
  name: 'an abort while an agent:turn:before middleware holds the turn, which then calls next, ends it aborted with agent:turn:after',
  run: async (context) => {
    const h = context.harness;
    await nextAfterStop(context);
    assert.equal('ABT-1', h.model.requests.length, 0, {
      rule: 'after abort no model call may start in the stopped turn',
      subject: 'the model calls of a turn stopped in agent:turn:before',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'abort must end the running turn with outcome aborted and run agent:turn:after, also when it came while agent:turn:before ran',
      subject: 'the outcome in agent:turn:after of the turn stopped in agent:turn:before',
    });
  },
});

const turnIdGuard = defineCase({
  requirements: ['ABT-2'],
  name: 'abort with another turn id does nothing and returns false',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'first' });
    const queued = sendInjection(context, 's1', 'queued job');
    h.model.script([{ text: 'queued reply' }]);
    await h.settle();
    const result = context.agent.abort('s1', { turnId: 'not-the-running-turn', queued: true });
    assert.equal('ABT-2', result, false, {
      rule: "abort with a turnId that is not the running turn's must do nothing and return false",
      subject: 'the return value of abort with a foreign turn id',
    });
    await h.settle();
    assert.that('ABT-2', !held.call.aborted, {
      rule: "abort with a turnId that is not the running turn's must do nothing and return false",
      observed: 'the running model call was aborted',
    });
    assert.that('ABT-2', !queued.settled, {
      rule: "abort with a turnId that is not the running turn's must do nothing and return false",
      observed: 'the queued input was released although the turn id did not match',
    });
    held.gate.open();
    await Promise.all([held.input.done, queued.done]);
    const all = turns(h, 's1');
    assert.equal('ABT-2', all[0]?.after?.outcome, 'replied', {
      rule: "abort with a turnId that is not the running turn's must do nothing and return false",
      subject: 'the outcome of the running turn (abort did not match it)',
    });
    assert.deepEqual(
      'ABT-2',
      all.map((turn) => contents(turn.inputs)),
      [['first'], ['queued job']],
      {
        rule: "abort with a turnId that is not the running turn's must do nothing and return false",
        subject: 'the inputs of the turns',
      },
    );
    const ended = context.agent.abort('s1', { turnId: all[0]!.turnId });
    assert.equal('ABT-2', ended, false, {
      rule: 'abort with the turnId of an ended turn must do nothing and return false',
      subject: 'the return value of abort with the id of an ended turn',
    });
  },
});

const releasedArchivedWithoutTurn = defineCase({
  requirements: ['ABT-3', 'ARC-6'],
  name: 'inputs released by abort with queued open no turn and are archived without a turn id after the turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const pending = sendHuman(context, 's1', 'pending human');
    const queued = sendInjection(context, 's1', 'queued job');
    await h.settle();
    assert.equal('ABT-3', context.agent.abort('s1', { queued: true }), true, {
      rule: 'abort(sessionId, { queued: true }) with a running turn must return true',
      subject: 'the return value of abort',
    });
    await Promise.all([held.input.done, pending.done, queued.done]);
    await h.settle();
    const all = turns(h, 's1');
    assert.equal('ABT-3', all.length, 1, {
      rule: 'inputs released by abort with queued must open no turn',
      subject: 'the number of turns',
    });
    const turnEnd = assert.defined('ABT-3', all[0]?.afterRun, {
      rule: 'a stopped turn must still end with agent:turn:after',
      subject: 'the agent:turn:after run of the stopped turn',
    });
    for (const content of ['pending human', 'queued job']) {
      const writes = incomingWrites(h, content);
      assert.equal('ABT-3', writes.length, 1, {
        rule: 'each input released by abort with queued must be archived exactly once',
        subject: `the number of archive writes of released input "${content}"`,
      });
      const write = writes[0]!;
      assert.equal('ABT-3', write.incoming?.turnId, undefined, {
        rule: 'inputs released by abort with queued must be archived without a turn id',
        subject: `the turn id released input "${content}" was archived with`,
      });
      assert.equal('ARC-6', write.messages[0]?.metadata[Keys.TurnId], undefined, {
        rule: 'released inputs must be stored without a turn id',
        subject: `the stored turn id of "${content}"`,
      });
      assert.that('ABT-3', write.seq > turnEnd.seq, {
        rule: 'inputs released by abort with queued must be archived after the running turn settled',
        observed: `"${content}" was archived before the stopped turn ended`,
      });
    }
  },
});

const withoutQueuedNextTurn = defineCase({
  requirements: ['ABT-4'],
  name: 'without queued the waiting inputs open the next turn after an abort',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const pending = sendHuman(context, 's1', 'pending human');
    const queued = sendInjection(context, 's1', 'queued job');
    h.model.script([{ text: 'reply a' }, { text: 'reply b' }]);
    await h.settle();
    context.agent.abort('s1');
    await Promise.all([held.input.done, pending.done, queued.done]);
    const [stopped, ...later] = turns(h, 's1');
    assert.equal('ABT-4', stopped?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted"',
      subject: 'the outcome of the stopped turn',
    });
    const ran = later.flatMap((turn) => contents(turn.inputs)).sort();
    assert.deepEqual('ABT-4', ran, ['pending human', 'queued job'], {
      rule: 'without queued, the waiting inputs must open the next turns after an abort',
      subject: 'the inputs of the turns after the abort',
    });
    for (const turn of later)
      assert.equal('ABT-4', turn.after?.outcome, 'replied', {
        rule: 'without queued, the waiting inputs must open the next turns after an abort',
        subject: `the outcome of turn ${turn.turnId}`,
      });
  },
});

/**
 * [ABT-4]: an abort without `queued` stops the running turn and nothing else. An input still
 * in its `agent:input:before` middleware when the abort comes is no part of that turn: once
 * the middleware calls `next` it opens the next turn as usual.
 */
const withoutQueuedPreprocessingGoesOn = defineCase({
  requirements: ['ABT-4'],
  name: 'without queued an input still in agent:input:before when the turn is aborted opens the next turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const entered = createGate();
    const release = createGate();
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      if (payload.message.content === 'still preprocessing') {
        entered.open();
        await release.opened;
      }
      await next();
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const arriving = sendHuman(context, 's1', 'still preprocessing');
    await entered.opened;
    context.agent.abort('s1');
    await held.input.done;
    h.model.script([{ text: 'answered after the abort' }]);
    release.open();
    await arriving.done;
    const later = turns(h, 's1').slice(1);
    assert.deepEqual(
      'ABT-4',
      later.flatMap((turn) => contents(turn.inputs)),
      ['still preprocessing'],
      {
        rule: 'an abort without queued stops only the running turn: an input still in agent:input:before must open the next turn once its middleware calls next',
        subject: 'the inputs of the turns after the abort',
      },
    );
    assert.equal('ABT-4', later[0]?.after?.outcome, 'replied', {
      rule: 'an abort without queued stops only the running turn: an input still in agent:input:before must open the next turn once its middleware calls next',
      subject: 'the outcome of the turn after the abort',
    });
  },
});

/**
 * [ABT-3]: abort with `queued` releases the inputs of its own session only. An input of another
 * session still in its `agent:input:before` middleware goes on into its turn.
 */
const queuedReleasesOwnSessionOnly = defineCase({
  requirements: ['ABT-3'],
  name: "abort with queued leaves another session's input in agent:input:before alone: it opens its turn",
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const entered = createGate();
    const release = createGate();
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      if (payload.message.sessionId === 's2') {
        entered.open();
        await release.opened;
      }
      await next();
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const other = sendHuman(context, 's2', 'another session');
    await entered.opened;
    context.agent.abort('s1', { queued: true });
    await held.input.done;
    h.model.script([{ text: 'answered in s2' }]);
    release.open();
    await other.done;
    assert.equal('ABT-3', turns(h, 's2')[0]?.after?.outcome, 'replied', {
      rule: "abort with queued releases the inputs of its own session only: another session's input must open its turn",
      subject: 'the outcome of the turn of s2',
    });
  },
});

function mentions(value: unknown, text: string): boolean {
  return inspect(value, { depth: 12, maxArrayLength: 1000, maxStringLength: 100_000 }).includes(text);
}

const reasonStaysInLog = defineCase({
  requirements: ['ABT-5'],
  name: 'the abort reason appears in no message, record or hook payload',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const reason = 'conformance-secret-abort-reason';
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    context.agent.abort('s1', { reason, by: { id: 'admin-1', name: 'Admin' } });
    await held.input.done;
    await h.settle();
    for (const event of h.events.all) {
      assert.that('ABT-5', !mentions(event.payload, reason), {
        rule: 'the abort reason may appear only in the turn-end log line, never in an event payload',
        observed: `the reason appeared in the payload of ${event.name}`,
      });
    }
    assert.that('ABT-5', !mentions(h.archive.messages('s1'), reason), {
      rule: 'the abort reason may appear only in the turn-end log line, never in a stored message or turn record',
      observed: 'the reason appeared in a stored message of s1',
    });
    for (const run of h.hooks.runs) {
      assert.that('ABT-5', !mentions(run.payload, reason), {
        rule: 'the abort reason may appear only in the turn-end log line, never in a hook payload',
        observed: `the reason appeared in the payload of hook ${run.name}`,
      });
    }
  },
});

// `by` shows only on the stop marker, which the contract text leaves to the reference
// implementation ([ARC-9]): an implementation that does not claim ARC-9 has nothing to check here.
const byOnStopMarker = defineCase({
  requirements: ['ABT-6', 'ARC-9'],
  name: 'the stop marker names who stopped the turn, and nobody when by is absent',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    const by = { id: 'admin-7', name: 'Admin Seven' };
    const first = await holdTurn(context, {
      sessionId: 's1',
      content: 'stopped by a person',
      untilAborted: true,
    });
    context.agent.abort('s1', { by });
    await first.input.done;
    const named = assert.defined('ARC-9', stopMarker(h, 's1'), {
      rule: 'an aborted turn with inputs in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop marker of the turn stopped by a person',
    });
    // The body is what the next turn's model reads: metadata alone does not tell it who.
    assert.that('ABT-6', names(named, by), {
      rule: 'the body of the stop marker must name who stopped the turn (abort option by)',
      observed: `the stop marker's body did not name ${by.name}: ${JSON.stringify(named.content)}`,
    });
    const second = await holdTurn(context, {
      sessionId: 's2',
      content: 'stopped by nobody',
      untilAborted: true,
    });
    context.agent.abort('s2');
    await second.input.done;
    const anonymous = assert.defined('ARC-9', stopMarker(h, 's2'), {
      rule: 'an aborted turn with inputs in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop marker of the turn stopped without by',
    });
    assert.equal('ABT-6', anonymous.metadata[Keys.StoppedBy], undefined, {
      rule: 'without by, the stop marker must name nobody',
      subject: 'the stoppedBy metadata of a stop without by',
    });
  },
});

const byBelongsToOneStop = defineCase({
  requirements: ['ABT-6', 'ARC-9'],
  name: 'who stopped a turn belongs to that stop: a later stop without by names nobody',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const by = { id: 'admin-8', name: 'Admin Eight' };
    const first = await holdTurn(context, { sessionId: 's1', content: 'first task', untilAborted: true });
    context.agent.abort('s1', { by });
    await first.input.done;
    const second = await holdTurn(context, { sessionId: 's1', content: 'second task', untilAborted: true });
    context.agent.abort('s1');
    await second.input.done;
    const markers = h.archive.messages('s1').filter((message) => message.kind === WellKnownKinds.TurnStopped);
    assert.equal('ARC-9', markers.length, 2, {
      rule: 'each aborted turn with inputs in history must persist its own stop marker (kind turn-stopped)',
      subject: 'the stop markers of two stopped turns',
    });
    const [named, anonymous] = markers as [Message, Message];
    assert.that('ABT-6', names(named, by), {
      rule: 'the body of the stop marker must name who stopped the turn (abort option by)',
      observed: `the first stop marker's body did not name ${by.name}: ${JSON.stringify(named.content)}`,
    });
    assert.that('ABT-6', !names(anonymous, by) && anonymous.metadata[Keys.StoppedBy] === undefined, {
      rule: 'by names who stopped this turn: a later stop without by must name nobody',
      observed: `the stop marker of the second stop, made without by, named ${by.name}: ${JSON.stringify(anonymous)}`,
    });
  },
});

const returnValue = defineCase({
  requirements: ['ABT-7'],
  name: 'abort returns whether a running turn was stopped',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    assert.equal('ABT-7', context.agent.abort('s1'), false, {
      rule: 'abort must return false when no turn of the session runs',
      subject: 'abort of an idle session',
    });
    assert.equal('ABT-7', context.agent.abort('never-seen'), false, {
      rule: 'abort must return false when no turn of the session runs',
      subject: 'abort of an unknown session',
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    assert.equal('ABT-7', context.agent.abort('s1'), true, {
      rule: 'abort must return true when it stopped a running turn',
      subject: 'abort of a running turn',
    });
    await held.input.done;
    assert.equal('ABT-7', context.agent.abort('s1'), false, {
      rule: 'abort must return false when no turn of the session runs',
      subject: 'abort after the turn ended',
    });
  },
});

/**
 * The turn id guard lets the running turn's own id through ([ABT-2]): abort with it stops the
 * turn like abort without one ([ABT-1]) and, with `queued`, releases the queue ([ABT-3]).
 */
const ownTurnIdStops = defineCase({
  requirements: ['ABT-2', 'ABT-1', 'ABT-3'],
  name: "abort with the running turn's own id stops it and releases the queue",
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const queued = sendInjection(context, 's1', 'queued job');
    await h.settle();
    const turnId = assert.defined('ABT-2', turns(h, 's1')[0]?.turnId, {
      rule: 'the running turn must have reached agent:turn:before',
      subject: 'the turn id of the running turn',
    });
    const stopped = context.agent.abort('s1', { turnId, queued: true });
    assert.equal('ABT-2', stopped, true, {
      rule: "abort with the running turn's own turnId must stop it and return true",
      subject: "the return value of abort with the running turn's id",
    });
    await Promise.all([held.input.done, queued.done]);
    assert.that('ABT-1', held.call.aborted, {
      rule: "abort with the running turn's own turnId must cancel its model call through its AbortSignal",
      observed: 'the signal of the running model call was not aborted',
    });
    assert.deepEqual(
      'ABT-3',
      turns(h, 's1').map((turn) => turn.after?.outcome),
      ['aborted'],
      {
        rule: "abort with the running turn's own turnId and queued must end the turn as aborted and open no turn for the released input",
        subject: 'the outcomes of the turns of s1',
      },
    );
    let cleared = false;
    await context.agent.clearing(['s1'], async () => {
      cleared = true;
    });
    assert.that('ABT-3', cleared, {
      rule: 'once the released inputs were archived after the stopped turn, the session must be as usual: clearing it runs clear() (CLR-1)',
      observed: 'clearing the session resolved without running clear()',
    });
  },
});

/**
 * Who stopped a turn is the first stop's `by` ([ABT-6]): a second abort, without `by`, while
 * the stopped turn is still ending stops nothing more and does not rewrite it.
 */
const firstStopNamesWho = defineCase({
  requirements: ['ABT-6', 'ARC-9'],
  name: 'a second abort without by while the stopped turn ends does not erase who stopped it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const by = { id: 'admin-9', name: 'Admin Nine' };
    const held = await holdTurn(context, { sessionId: 's1', content: 'stopped twice', untilAborted: true });
    context.agent.abort('s1', { by });
    context.agent.abort('s1');
    await held.input.done;
    const marker = assert.defined('ARC-9', stopMarker(h, 's1'), {
      rule: 'an aborted turn with inputs in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop marker of the turn stopped twice',
    });
    assert.that('ABT-6', names(marker, by), {
      rule: 'by is who stopped the turn: a later abort of the already stopped turn must not replace it',
      observed: `the stop marker's body did not name ${by.name}: ${JSON.stringify(marker.content)}`,
    });
  },
});

/**
 * Two aborts with `queued` during one turn, the second while the stopped turn is still ending
 * (held in an `agent:turn:after` middleware): the inputs each released open no turn, settle,
 * and are all archived without a turn id after the turn ([ABT-3]).
 */
const releasedTwiceDuringOneTurn = defineCase({
  requirements: ['ABT-3'],
  name: 'inputs released by two aborts with queued during one turn are all archived after it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const [entered, ending] = [createGate(), createGate()];
    h.hooks.middleware(
      'agent:turn:after',
      async (_payload: unknown, next: () => Promise<void>) => {
        if (!entered.isOpen) {
          entered.open();
          h.tick();
          await ending.opened;
        }
        return next();
      },
      { label: 'conformance-slow-turn-end' },
    );
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const first = sendInjection(context, 's1', 'released first');
    await h.settle();
    context.agent.abort('s1', { queued: true });
    await h.until(() => entered.isOpen, 'the stopped turn to reach agent:turn:after');
    const second = sendInjection(context, 's1', 'released second');
    await h.settle();
    context.agent.abort('s1', { queued: true });
    ending.open();
    await Promise.all([held.input.done, first.done, second.done]);
    await h.settle();
    assert.equal('ABT-3', turns(h, 's1').length, 1, {
      rule: 'inputs released by abort with queued must open no turn',
      subject: 'the number of turns',
    });
    const turnEnd = turns(h, 's1')[0]!.afterRun!;
    for (const content of ['released first', 'released second']) {
      const writes = incomingWrites(h, content);
      assert.deepEqual(
        'ABT-3',
        writes.map((write) => write.incoming?.turnId),
        [undefined],
        {
          rule: 'each input released by abort with queued must be archived exactly once, without a turn id',
          subject: `the turn ids released input "${content}" was archived with`,
        },
      );
      assert.that('ABT-3', writes[0]!.seq > turnEnd.seq, {
        rule: 'inputs released by abort with queued must be archived after the running turn settled',
        observed: `"${content}" was archived before the stopped turn ended`,
      });
    }
  },
});

/**
 * [ABT-5] "Only in the turn-end log line" holds for what an abort leaves behind inside a tool
 * group too: the calls it stops, the history and what the next turn's model reads. The near
 * miss words the not-run calls' results with the reason.
 */
const reasonNotInStoppedGroup = defineCase({
  requirements: ['ABT-5'],
  name: 'the abort reason reaches neither the history nor the next model call when it stops a group of tool calls',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const reason = 'conformance-secret-group-reason';
    const slow = h.tools.define({ name: 'slow', steps: [{ untilAborted: true }] });
    h.tools.define({ name: 'fast' });
    h.model.script([{ toolCalls: [{ name: 'slow' }, { name: 'fast' }] }, { text: 'next answer' }]);
    const stopped = sendHuman(context, 's1', 'run both');
    await slow.started(0);
    context.agent.abort('s1', { reason });
    await stopped.done;
    await sendHuman(context, 's1', 'and now?').done;
    assert.that('ABT-5', !mentions(h.archive.messages('s1'), reason), {
      rule: 'the abort reason may appear only in the turn-end log line, never in the stored history (tool results included)',
      observed: 'the reason appeared in a stored message of s1',
    });
    h.model.requests.forEach((call, index) => {
      assert.that('ABT-5', !mentions(call.messages, reason), {
        rule: 'the abort reason may appear only in the turn-end log line, never in what a model reads',
        observed: `the reason appeared in the messages of model call ${index + 1}`,
      });
    });
  },
});

/**
 * [ABT-7] A turn that ended by itself is not running either: abort afterwards returns false.
 * The near miss keeps the last turn's controller and answers true while it was never aborted.
 */
const abortAfterRepliedTurn = defineCase({
  requirements: ['ABT-7'],
  name: 'abort after a turn that replied returns false',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.equal('ABT-7', context.agent.abort('s1'), false, {
      rule: 'abort must return false when no turn of the session runs, also after a turn that ended by itself',
      subject: 'abort after the turn replied',
    });
  },
});

/**
 * [ABT-1] After an abort no model call starts, also when the abort lands while an
 * `agent:llm:before` middleware runs, before the call it precedes. The near miss checks the
 * stop only before the hook and calls the model on whatever the hook returns.
 */
const abortDuringLlmBefore = defineCase({
  requirements: ['ABT-1'],
  name: 'an abort while an agent:llm:before middleware runs starts no model call and ends the turn as aborted',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:llm:before', async (_payload, next) => {
      context.agent.abort('s1');
      await next();
    });
    h.model.script([{ text: 'an answer after the stop' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.equal('ABT-1', h.model.requests.length, 0, {
      rule: 'after an abort no further model call may start: an abort during agent:llm:before stops the call that hook precedes',
      subject: 'the model calls started after an abort during agent:llm:before',
    });
    assert.equal('ABT-1', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted"',
      subject: 'the outcome of the turn',
    });
  },
});

/**
 * [ABT-7] 「返回值是有没有停下在跑的一轮」: abort with `queued` while an input waits but no turn
 * of the session runs (see {@link queueWhileIdle}) releases the input and still returns false,
 * as it stopped no turn. The near miss answers true whenever it released something. An agent
 * that opened the input's turn at once leaves nothing to check here.
 */
const idleAbortReturnsFalse = defineCase({
  requirements: ['ABT-7'],
  name: 'abort with queued while an input waits but no turn runs returns false',
  run: async (context) => {
    const { arriving, archived, waiting, earlier } = await queueWhileIdle(
      context,
      'waiting, no turn running',
    );
    const result = waiting ? context.agent.abort('s1', { queued: true }) : false;
    archived.open();
    await Promise.all([...earlier, arriving].map((input) => input.done));
    assert.equal('ABT-7', result, false, {
      rule: 'abort must return false when no turn of the session runs, also when queued inputs were released',
      subject: 'abort with queued of a session with a waiting input and no running turn',
    });
  },
});

/**
 * [ABT-3] 「queued 为真时连同排队与待插入…一起放掉」 holds with no running turn too ([ABT-7]:
 * the return value is false, the release happens all the same): the input waiting while no
 * turn runs (see {@link queueWhileIdle}) opens no turn and is archived once, without a turn
 * id. The near miss returns before releasing, so the input later opens its turn.
 */
const idleAbortReleases = defineCase({
  requirements: ['ABT-3', 'ABT-7'],
  name: 'abort with queued while no turn runs still releases the waiting input: it opens no turn and is archived without a turn id',
  run: async (context) => {
    const h = context.harness;
    const content = 'released while no turn runs';
    const { arriving, archived, waiting, earlier } = await queueWhileIdle(context, content);
    if (waiting) context.agent.abort('s1', { queued: true });
    archived.open();
    await Promise.all([...earlier, arriving].map((input) => input.done));
    await h.settle();
    if (!waiting) return;
    assert.equal('ABT-3', turns(h, 's1').length, 1, {
      rule: 'abort with queued must release the queued inputs also when no turn runs: the released input opens no turn',
      subject: 'the number of turns of s1 (the stopped one only)',
    });
    assert.deepEqual(
      'ABT-3',
      incomingWrites(h, content).map((write) => write.incoming?.turnId),
      [undefined],
      {
        rule: 'an input released by abort with queued while no turn runs must be archived exactly once, without a turn id',
        subject: `the turn ids released input "${content}" was archived with`,
      },
    );
  },
});

/**
 * [ABT-2] 「turnId 给了而对不上(那一轮已经结束…)时什么也不停」: abort with the id of a turn that
 * already ended and `queued` leaves alone an input still in its `agent:input:before`
 * middleware too: once the middleware calls next it opens its turn. The near miss drops that
 * input, as a release would, while it answers false.
 */
const staleTurnIdLeavesArriving = defineCase({
  requirements: ['ABT-2'],
  name: 'abort with an ended turn’s id and queued leaves an input in agent:input:before alone: it opens its turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'first reply' }, { text: 'second reply' }]);
    await sendHuman(context, 's1', 'first').done;
    const ended = assert.defined('ABT-2', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id of the ended turn',
    });
    const [entered, release] = [createGate(), createGate()];
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      if (payload.message.content === 'still preprocessing') {
        entered.open();
        await release.opened;
      }
      await next();
    });
    const arriving = sendHuman(context, 's1', 'still preprocessing');
    await entered.opened;
    const result = context.agent.abort('s1', { turnId: ended, queued: true });
    release.open();
    await arriving.done;
    assert.equal('ABT-2', result, false, {
      rule: 'abort with the turnId of an ended turn must do nothing and return false',
      subject: 'the return value of abort with the id of an ended turn',
    });
    const later = turns(h, 's1').slice(1);
    assert.deepEqual(
      'ABT-2',
      later.map((turn) => contents(turn.inputs)),
      [['still preprocessing']],
      {
        rule: 'abort with the turnId of an ended turn must do nothing: an input in agent:input:before must open its turn once its middleware calls next',
        subject: 'the inputs of the turns after the abort',
      },
    );
    assert.equal('ABT-2', later[0]?.after?.outcome, 'replied', {
      rule: 'abort with the turnId of an ended turn must do nothing: the input in agent:input:before is answered as usual',
      subject: 'the outcome of the turn after the abort',
    });
  },
});

/**
 * [ABT-6] 「by … 不给即没有具体的人」: a stop without `by` names nobody, also when the input that
 * opened the turn came from a known person (`IncomingMessage.actor`). The near miss records
 * such a stop as made by the opener. `by` shows only on the stop marker ([ARC-9]).
 */
const stopWithoutByNotTheOpener = defineCase({
  requirements: ['ABT-6', 'ARC-9'],
  name: 'a stop without by names nobody, not the person whose input opened the turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const opener = { id: 'user-opener-5', name: 'Opener Five' };
    const [step] = h.model.script([{ untilAborted: true }]);
    const input = sendHuman(context, 's1', 'asked by a known person', { actor: opener });
    await step!.started;
    context.agent.abort('s1');
    await input.done;
    const marker = assert.defined('ARC-9', stopMarker(h, 's1'), {
      rule: 'an aborted turn with inputs in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop marker of the turn stopped without by',
    });
    assert.that('ABT-6', marker.metadata[Keys.StoppedBy] === undefined && !names(marker, opener), {
      rule: 'without by a stop is made by no specific person: the stop marker must not name the person whose input opened the turn',
      observed: `the stop marker of a stop without by named ${opener.name}: ${JSON.stringify(marker)}`,
    });
  },
});

/** The cases of the ABT family ([ABT-1]..[ABT-7]). */
export const ABT_CASES = [
  stopsModelCall,
  stopsToolLoop,
  stopWhileToolCallsStart,
  stopDuringTurnBefore,
  turnIdGuard,
  releasedArchivedWithoutTurn,
  withoutQueuedNextTurn,
  withoutQueuedPreprocessingGoesOn,
  queuedReleasesOwnSessionOnly,
  reasonStaysInLog,
  byOnStopMarker,
  byBelongsToOneStop,
  returnValue,
  ownTurnIdStops,
  firstStopNamesWho,
  releasedTwiceDuringOneTurn,
  reasonNotInStoppedGroup,
  abortAfterRepliedTurn,
  abortDuringLlmBefore,
  idleAbortReturnsFalse,
  idleAbortReleases,
  staleTurnIdLeavesArriving,
  stopWithoutByNotTheOpener,
];
