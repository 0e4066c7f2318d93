import { WellKnownMetadataKeys as Keys, type Message, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { Harness } from '../harness/harness';
import { CUT_TURN, seedCutTurn, seedUnansweredCalls } from './cut-turn';
import { holdTurn, SCHEDULER_SOURCE, sendHuman, sendInjection, session, turns } from './scenario';

function turnIdOf(message: Message): unknown {
  return message.metadata[Keys.TurnId];
}

/** Checks that the next turn's model call sees the cut call's error result and the stop marker ([DUR-1]). */
function assertNextCallSees(h: Harness, stopMarker: string): void {
  const sent = assert.defined('DUR-1', h.model.requests[0], {
    rule: 'the next input must open a turn that calls the model',
    subject: 'the model request of the next turn',
  });
  assert.that(
    'DUR-1',
    sent.messages.some((message) => message.role === 'tool' && message.toolCallId === 'call-cut'),
    {
      rule: 'the error result of the cut tool call must reach the next model call',
      observed: 'the next model request carried no tool result for call-cut',
    },
  );
  assert.that('DUR-1', stopMarker !== '' && sent.messages.some((message) => message.content === stopMarker), {
    rule: 'the stop marker of the cut turn must reach the next model call',
    observed: 'the next model request did not carry the stop marker of the cut turn',
  });
}

/** The messages of the cut turn stored after its opening input and before `next`'s input. */
function closingOfCutTurn(h: Harness, next: string): Message[] {
  const stored = h.archive.messages('s1');
  const before = stored.findIndex((message) => message.content === next);
  return stored
    .slice(0, before === -1 ? undefined : before)
    .filter((message) => turnIdOf(message) === CUT_TURN && message.role !== 'user');
}

const recoversCutTurn = defineCase({
  requirements: ['DUR-1'],
  name: 'a turn cut by a crash is closed before the next one: an error result per unanswered call, a stop marker, then its aborted record',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    // What a process that died mid-turn left: an opened input and a tool call nobody answered.
    const archive = await seedCutTurn(h, 'cut short by a crash');
    await archive.append('s1', [
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call-cut', name: 'lookup', arguments: '{}' }],
        metadata: { [Keys.TurnId]: CUT_TURN },
      },
    ]);
    h.model.script([{ text: 'answered after the restart' }]);
    await sendHuman(context, 's1', 'after the restart').done;
    const stored = h.archive.messages('s1');
    const next = stored.findIndex((message) => message.content === 'after the restart');
    const closing = stored.slice(2, next === -1 ? undefined : next);
    const kinds = closing.map((message) =>
      message.role === 'tool' ? `tool:${message.toolCallId}` : (message.kind ?? message.role),
    );
    assert.deepEqual(
      'DUR-1',
      kinds,
      ['tool:call-cut', WellKnownKinds.TurnStopped, WellKnownKinds.EventMarker],
      {
        rule: 'a turn cut by a crash must be closed before the next turn of its session: an error result per unanswered tool call, a stop marker, then an aborted turn record',
        subject: 'what closes the cut turn, in order, before the next input',
      },
    );
    for (const message of closing) {
      assert.equal('DUR-1', turnIdOf(message), CUT_TURN, {
        rule: 'the messages closing a cut turn must carry its turn id',
        subject: `the turn id of the closing ${message.role} message`,
      });
    }
    const record = closing.at(-1)?.metadata[Keys.TurnRecord] as { outcome?: unknown } | undefined;
    assert.equal('DUR-1', record?.outcome, 'aborted', {
      rule: 'the record closing a cut turn must have outcome "aborted"',
      subject: 'the outcome in the record of the cut turn',
    });
    assertNextCallSees(h, closing[1]?.content ?? '');
  },
});

const noLostRecords = defineCase({
  requirements: ['DUR-2'],
  name: 'with many turns writing at once, every turn ends with exactly one turn record',
  run: async (context) => {
    const h = context.harness;
    const ids = Array.from({ length: 20 }, (_, index) => session(h, `busy-${index}`));
    h.model.script(ids.flatMap((id) => [{ text: `first in ${id}` }, { text: `second in ${id}` }]));
    const inputs = ids.flatMap((id) => [
      sendInjection(context, id, 'one'),
      sendInjection(context, id, 'two'),
    ]);
    await Promise.all(inputs.map((input) => input.done));
    for (const id of ids) {
      const stored = h.archive.messages(id);
      for (const turn of turns(h, id)) {
        const records = stored.filter(
          (message) => turnIdOf(message) === turn.turnId && message.metadata[Keys.TurnRecord] !== undefined,
        );
        assert.equal('DUR-2', records.length, 1, {
          rule: 'with many turns writing at once, every turn must end with exactly one turn record (no write lost)',
          subject: `the turn records of turn ${turn.turnId} in ${id}`,
        });
      }
    }
  },
});

const oneProcessPerSession = defineCase({
  requirements: ['DUR-3'],
  name: 'a second process does not serve a session while the first runs its turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const peer = await context.peer();
    // Whichever process serves the session may run its turns: the one that received the input,
    // or the one an agent that routes sessions between processes hands it to. Both are scripted.
    const gate = createGate();
    const steps = [{ waitFor: gate, text: 'from the first turn' }, { text: 'from the second turn' }];
    const [here] = h.model.script(steps);
    const [there] = peer.harness.model.script(steps);
    const first = sendHuman(context, 's1', 'to the first process');
    const serving = await Promise.race([
      here?.started.then(() => ({ name: 'the first process', other: peer.harness })),
      there?.started.then(() => ({ name: 'the second process', other: h })),
    ]);
    const second = peer.agent.send(peer.harness.input({ sessionId: 's1', content: 'to the second process' }));
    await h.settle();
    assert.equal('DUR-3', serving?.other.model.requests.length, 0, {
      rule: 'a session must be served by one process at a time: a second process must not run a turn of a session the first is running',
      subject: `the model calls the process other than ${serving?.name ?? 'the serving one'} made for s1 while that one ran its turn`,
    });
    gate.open();
    await Promise.all([first.done, second.done]);
    const order = h.archive
      .messages('s1')
      .map(turnIdOf)
      .filter((turnId): turnId is string => typeof turnId === 'string');
    const firstTurn = order[0];
    const interleaved = order.findIndex((turnId) => turnId !== firstTurn);
    assert.that(
      'DUR-3',
      interleaved === -1 || order.slice(interleaved).every((turnId) => turnId !== firstTurn),
      {
        rule: 'a session must be served by one process at a time: a second process must not run a turn of a session the first is running',
        observed: 'the turns of s1 were stored interleaved',
      },
    );
  },
});

/**
 * A turn running in this process is not cut ([DUR-1]): a recovery that runs while it runs
 * closes only the turn a crash left, never the running one. The session's deletion stops the
 * running turn, which has its input in history and winds down while its stop marker is being
 * written; a `token:request` of the session meanwhile finds it unrecorded — a recovery there
 * (a deleted session starts afresh) must take it for running, not cut. (Whether the agent
 * runs one is its choice; one that does must not close the running turn.)
 */
const runningTurnNotCut = defineCase({
  requirements: ['DUR-1'],
  name: 'a recovery while a stopped turn still writes its ending closes only the crashed turn, not the stopped one',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    await seedCutTurn(h, 'cut short by a crash');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const ending = createGate();
    h.archive.holdNext('append', ending);
    const generation = h.sessions.advanceGeneration('s1');
    const deleted = h.events.emit('session:deleted', { sessionId: 's1', generation });
    await h.settle();
    await h.events.emit('token:request', { sessionIds: ['s1'] });
    await h.settle();
    ending.open();
    await Promise.all([deleted, held.input.done]);
    await h.settle();
    const turnId = assert.defined('DUR-1', turns(h, 's1')[0]?.turnId, {
      rule: 'the input must open a turn',
      subject: 'the turn id of the running turn',
    });
    const records = h.archive
      .messages('s1')
      .filter((message) => turnIdOf(message) === turnId && message.metadata[Keys.TurnRecord] !== undefined)
      .map((message) => message.metadata[Keys.TurnRecord]);
    assert.equal('DUR-1', records.length, 1, {
      rule: 'only a turn not running in any live process may be closed as cut: a turn still winding down here gets its own record only',
      subject: 'the number of turn records stored for the stopped turn',
    });
    const stopMarkers = h.archive
      .messages('s1')
      .filter((message) => turnIdOf(message) === turnId && message.kind === WellKnownKinds.TurnStopped);
    assert.equal('DUR-1', stopMarkers.length, 1, {
      rule: 'a turn still winding down in this process must not be closed as cut: it gets one stop marker, its own',
      subject: 'the number of stop markers stored for the stopped turn',
    });
  },
});

/**
 * [DUR-1] [DUR-3] A turn running in one process is not cut, whatever another process does
 * meanwhile: a `token:request` that another process over the same archive answers while the
 * turn runs (a dashboard asks whichever process it reaches for figures) writes nothing for that
 * turn, which ends with its own record only. The mistake it tells apart: a process that closes
 * the session's unrecorded turns before its snapshot, taking the turn another process runs for
 * one a crash cut (a stop marker and an `aborted` record, then the turn's own `replied` one).
 */
const snapshotElsewhereLeavesRunningTurn = defineCase({
  requirements: ['DUR-1', 'DUR-3'],
  name: 'a token:request another process answers while a turn of the session runs here writes nothing for that turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running here' });
    const peer = await context.peer();
    await peer.harness.events.emit('token:request', { sessionIds: ['s1'] });
    await peer.harness.settle();
    await h.settle();
    held.gate.open();
    await held.input.done;
    await h.settle();
    const turnId = assert.defined('DUR-1', turns(h, 's1')[0]?.turnId, {
      rule: 'the input must open a turn',
      subject: 'the turn id of the turn running here',
    });
    const own = h.archive.messages('s1').filter((message) => turnIdOf(message) === turnId);
    const outcomes = own.flatMap((message) => {
      const record = message.metadata[Keys.TurnRecord] as { outcome?: unknown } | undefined;
      return record === undefined ? [] : [record.outcome];
    });
    assert.deepEqual('DUR-1', outcomes, ['replied'], {
      rule: 'only a turn running in no live process may be closed as cut: a token:request another process answers while the turn runs must not record it',
      subject: 'the outcomes of the turn records stored for the turn running here',
    });
    assert.equal('DUR-1', own.filter((message) => message.kind === WellKnownKinds.TurnStopped).length, 0, {
      rule: 'a turn running in a live process must not get a stop marker from another process answering token:request',
      subject: 'the stop markers stored for the turn running here',
    });
  },
});

/**
 * [DUR-1] A crash can fall between a stopped turn's stop marker and its record: the turn has its
 * marker and no record, and it is still cut. Recovery gives it its aborted record. The near
 * miss takes a stop marker for a closed turn and leaves it without a record for ever.
 */
const stoppedCutTurnRecorded = defineCase({
  requirements: ['DUR-1'],
  name: 'a cut turn that has its stop marker but no record still gets its aborted record before the next turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    // What a process that died between the stop marker and the record left behind.
    const archive = await seedCutTurn(h, 'stopped, then a crash');
    await archive.append('s1', [
      {
        role: 'system',
        kind: WellKnownKinds.TurnStopped,
        content: 'The turn was stopped.',
        metadata: { [Keys.TurnId]: CUT_TURN },
      },
    ]);
    h.model.script([{ text: 'answered after the restart' }]);
    await sendHuman(context, 's1', 'after the restart').done;
    const stored = h.archive.messages('s1');
    const next = stored.findIndex((message) => message.content === 'after the restart');
    const records = stored
      .slice(0, next === -1 ? undefined : next)
      .filter((message) => turnIdOf(message) === CUT_TURN && message.metadata[Keys.TurnRecord] !== undefined)
      .map((message) => (message.metadata[Keys.TurnRecord] as { outcome?: unknown }).outcome);
    assert.deepEqual('DUR-1', records, ['aborted'], {
      rule: 'a turn cut by a crash after its stop marker but before its record must be closed with an aborted record before the next turn',
      subject: 'the outcomes of the records of the cut turn stored before the next input',
    });
  },
});

/**
 * [TID-3] in a recovery ([DUR-1]): each unanswered call of a cut turn gets an error result with
 * its own call id (「每次工具调用另有 callId」). The near miss makes one call id per cut turn and
 * gives it to every error result.
 */
const cutCallsKeepTheirIds = defineCase({
  requirements: ['DUR-1', 'TID-3'],
  name: 'the error results closing a cut turn with two unanswered calls carry two call ids',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    await seedUnansweredCalls(await seedCutTurn(h, 'cut short by a crash'), ['call-cut-a', 'call-cut-b']);
    h.model.script([{ text: 'answered after the restart' }]);
    await sendHuman(context, 's1', 'after the restart').done;
    const results = closingOfCutTurn(h, 'after the restart').filter((message) => message.role === 'tool');
    assert.deepEqual(
      'DUR-1',
      results.map((message) => message.toolCallId),
      ['call-cut-a', 'call-cut-b'],
      {
        rule: 'a turn cut by a crash must be closed with an error result per unanswered tool call',
        subject: 'the tool call ids of the error results closing the cut turn',
      },
    );
    const callIds = results.map((message) => message.metadata[Keys.CallId]);
    assert.that(
      'TID-3',
      callIds.every((id) => typeof id === 'string' && id !== '') && new Set(callIds).size === 2,
      {
        rule: 'each tool call has its own unique callId, also in the error results recovery writes for a cut turn',
        observed: `the call ids of the two error results were ${JSON.stringify(callIds)}`,
      },
    );
  },
});

/**
 * [ARC-8] in a recovery ([DUR-1]): the record closing a cut turn holds the turn's outcome and
 * its source (「把这一轮的结局与来源…记在…」), here a scheduler's. The near miss writes the outcome
 * alone.
 */
const cutTurnRecordKeepsSource = defineCase({
  requirements: ['DUR-1', 'ARC-8'],
  name: 'the record closing a cut turn an injection opened carries the injection’s source',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    await seedCutTurn(h, 'a scheduled job cut short by a crash', SCHEDULER_SOURCE);
    h.model.script([{ text: 'answered after the restart' }]);
    await sendHuman(context, 's1', 'after the restart').done;
    const marker = closingOfCutTurn(h, 'after the restart').find(
      (message) => message.kind === WellKnownKinds.EventMarker,
    );
    const record = marker?.metadata[Keys.TurnRecord] as { outcome?: unknown; source?: unknown } | undefined;
    assert.equal('DUR-1', record?.outcome, 'aborted', {
      rule: 'the record closing a cut turn must have outcome "aborted"',
      subject: 'the outcome in the record of the cut turn',
    });
    assert.deepEqual('ARC-8', record?.source, SCHEDULER_SOURCE, {
      rule: "a turn record holds the turn's outcome and source, also the one recovery writes for a cut turn",
      subject: 'the source in the record of a cut turn a scheduler opened',
    });
  },
});

/**
 * [DUR-1] A cut turn's tool calls meet a tool loop of several steps: every unanswered call gets
 * its error result, in every tool-call group the cut turn left, not only the latest. The near
 * miss takes a later group for the answer to the earlier one and closes the latest group alone.
 */
const everyGroupClosed = defineCase({
  requirements: ['DUR-1'],
  name: 'a cut turn with unanswered calls in two tool-call groups gets an error result for every call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const archive = await seedCutTurn(h, 'cut short by a crash');
    await seedUnansweredCalls(archive, ['call-cut-early']);
    await seedUnansweredCalls(archive, ['call-cut-late']);
    h.model.script([{ text: 'answered after the restart' }]);
    await sendHuman(context, 's1', 'after the restart').done;
    const answered = closingOfCutTurn(h, 'after the restart')
      .filter((message) => message.role === 'tool')
      .map((message) => message.toolCallId)
      .sort();
    assert.deepEqual('DUR-1', answered, ['call-cut-early', 'call-cut-late'], {
      rule: 'a turn cut by a crash must be closed with an error result per unanswered tool call, in every group it left',
      subject: 'the tool call ids of the error results closing the cut turn',
    });
  },
});

/**
 * [DUR-1] A crash recovery meets a failing store: when closing the cut turn fails once, the cut
 * turn is still closed by a later turn of the session, before any other turn's record is
 * stored; the turn that met the failure, which nobody stopped, ends as `error` or goes on, never
 * as `aborted` ([SVC-3]). The near miss logs the failure and lets the turn go on; its record then stands after
 * the cut turn, and a recovery that reads history back to the newest record never finds it.
 */
const closedAfterFailedRecovery = defineCase({
  requirements: ['DUR-1'],
  name: 'a cut turn whose closing failed on the store is closed by a later turn, before any other turn’s record',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const archive = await seedCutTurn(h, 'cut short by a crash');
    await seedUnansweredCalls(archive, ['call-cut']);
    h.archive.failNext('append');
    h.model.script([{ text: 'answered once the store failed' }, { text: 'answered once it works' }]);
    await sendHuman(context, 's1', 'while the store fails').done;
    const first = turns(h, 's1')[0]?.after?.outcome;
    assert.that('DUR-1', first === 'replied' || first === 'error', {
      rule: 'a turn nobody stopped must not end as aborted: a store failure while closing cut turns ends it as error, or it goes on',
      observed: `the turn of the input sent while the store fails ended as ${String(first)}`,
    });
    await sendHuman(context, 's1', 'once the store works').done;
    const records = h.archive
      .messages('s1')
      .filter((message) => message.metadata[Keys.TurnRecord] !== undefined)
      .map((message) => turnIdOf(message));
    assert.equal('DUR-1', records[0], CUT_TURN, {
      rule: 'a turn cut by a crash must be closed by a later turn of its session although closing it failed once, before any other turn’s record is stored',
      subject: 'the turn id of the first turn record stored in s1',
    });
    assert.equal('DUR-1', records.filter((turnId) => turnId === CUT_TURN).length, 1, {
      rule: 'a turn cut by a crash must be closed exactly once',
      subject: 'the number of records of the cut turn',
    });
  },
});

/**
 * [DUR-1] [TID-3] Crash recovery meets a model that numbers its tool calls per response (each
 * group's first call is `call_0`): a turn cut with two such groups unanswered is closed with an
 * error result per call, and each result has its own call id. The near miss derives the call id of
 * an error result from the turn and the model's call id, the same for both calls.
 */
const cutCallsWithRepeatedModelIds = defineCase({
  requirements: ['DUR-1', 'TID-3'],
  name: 'the error results closing a cut turn whose model repeated a tool call id carry distinct call ids',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const archive = await seedCutTurn(h, 'cut short by a crash');
    for (const round of [1, 2]) {
      await archive.append('s1', [
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_0', name: 'lookup', arguments: `{"round":${round}}` }],
          metadata: { [Keys.TurnId]: CUT_TURN },
        },
      ]);
    }
    h.model.script([{ text: 'answered after the restart' }]);
    await sendHuman(context, 's1', 'after the restart').done;
    await h.settle();
    const results = h.archive
      .messages('s1')
      .filter((message) => message.role === 'tool' && message.metadata[Keys.TurnId] === CUT_TURN);
    assert.equal('DUR-1', results.length, 2, {
      rule: 'a turn cut by a crash must be closed with an error result per unanswered tool call, in every group it left',
      subject: 'the error results closing the cut turn',
    });
    const callIds = results.map((message) => message.metadata[Keys.CallId]);
    assert.that(
      'TID-3',
      callIds.every((id) => typeof id === 'string' && id !== '') && new Set(callIds).size === callIds.length,
      {
        rule: 'each tool call has its own unique callId, also the calls of a cut turn whose model repeated an id',
        observed: `the call ids of the error results were ${JSON.stringify(callIds)}`,
      },
    );
  },
});

/** The cases of the DUR family ([DUR-1]..[DUR-3]). */
export const DUR_CASES = [
  everyGroupClosed,
  cutCallsWithRepeatedModelIds,
  closedAfterFailedRecovery,
  recoversCutTurn,
  noLostRecords,
  oneProcessPerSession,
  runningTurnNotCut,
  snapshotElsewhereLeavesRunningTurn,
  stoppedCutTurnRecorded,
  cutCallsKeepTheirIds,
  cutTurnRecordKeepsSource,
];
