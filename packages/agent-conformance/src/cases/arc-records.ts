import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { Harness } from '../harness/harness';
import { rollBackFirstOfTwo } from './rollback';
import {
  holdTurn,
  incomingWrites,
  recordWriteSeq,
  sendHuman,
  session,
  storedReplies,
  storedWith,
  turns,
} from './scenario';
import { nextAfterStop } from './turn-before-moves';

/**
 * [ARC-4] 「agent:tool:after里别的插件写进metadata的键随 tool 结果原样落库」: for a tool that ran
 * and failed as for one that succeeded. The near miss stores a failed call's result (its
 * `result.isError`) without the keys a plugin wrote, as if the call had never run.
 */
const failedResultKeepsToolAfterMetadata = defineCase({
  requirements: ['ARC-4', 'HK-6'],
  name: 'metadata written in agent:tool:after is stored with the result of a tool that ran and failed',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'broken', fallback: { throws: 'the service is down' } });
    h.tools.define({ name: 'lookup' });
    const written = new Map<string, { readonly name: string; readonly failed: boolean }>();
    h.hooks.middleware('agent:tool:after', async (payload, next) => {
      const value = { name: payload.name, failed: payload.result.isError === true };
      written.set(payload.name, value);
      payload.metadata['conformance:outcome'] = value;
      await next();
    });
    h.model.script([
      {
        toolCalls: [
          { name: 'broken', id: 'model-call-1' },
          { name: 'lookup', id: 'model-call-2' },
        ],
      },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'use tools').done;
    const results = h.archive.messages('s1').filter((message) => message.role === 'tool');
    for (const [name, id] of [
      ['broken', 'model-call-1'],
      ['lookup', 'model-call-2'],
    ] as const) {
      const expected = assert.defined('HK-6', written.get(name), {
        rule: 'agent:tool:after must run after every tool call, one whose tool failed included',
        subject: `the agent:tool:after run of ${name} (${id})`,
      });
      const result = assert.defined(
        'ARC-4',
        results.find((message) => message.toolCallId === id),
        {
          rule: 'every tool call, failed ones included, must persist its tool result',
          subject: `the persisted tool result of ${name} (${id})`,
        },
      );
      assert.deepEqual('ARC-4', result.metadata['conformance:outcome'], expected, {
        rule: `a key written into metadata in agent:tool:after must be stored unchanged with the tool result, also of a tool that ran and failed (${name} failed: ${expected.failed})`,
        subject: `the plugin metadata on the stored result of ${name}`,
      });
    }
  },
});

/**
 * [ARC-3] 「最终回复另记…这一轮的平台与她在那里的身份」 in every session, not only in rooms: a
 * console or system session's turn still has a platform, and the assistant an account there.
 * The near miss records the identity in room sessions only.
 */
const selfIdentityOutsideRooms = defineCase({
  requirements: ['ARC-3'],
  name: "the final reply records the assistant's own identity outside room sessions too",
  run: async (context) => {
    const h = context.harness;
    const kinds = ['console', 'system'] as const;
    for (const kind of kinds) session(h, kind, { kind, platform: 'conformance' });
    h.model.script(kinds.map((kind) => ({ text: `reply in the ${kind} session` })));
    for (const kind of kinds) await sendHuman(context, kind, 'question').done;
    const expected = h.selfIdentity('conformance');
    for (const kind of kinds) {
      const reply = assert.defined('ARC-3', storedReplies(h, kind)[0], {
        rule: 'a replied turn must persist its final reply',
        subject: `the persisted final reply of the ${kind} session`,
      });
      const recorded = reply.metadata[Keys.SelfIdentity];
      assert.that('ARC-3', recorded?.userId === expected.userId, {
        rule: "the final reply must record the assistant's own identity on the turn's platform under WellKnownMetadataKeys.SelfIdentity, in every kind of session",
        observed:
          recorded === undefined
            ? `the reply of the ${kind} session recorded no identity`
            : `the reply of the ${kind} session recorded ${JSON.stringify(recorded)}, not ${JSON.stringify(expected)}`,
      });
    }
  },
});

/**
 * [ARC-8] The event marker of a turn without a stored reply has 「正文为空」, an aborted turn's
 * too, whether or not a stop marker ([ARC-9]) went before it: `idle` is stopped with nothing
 * of its own in history, `asked` with its input there. The near miss writes the stop wording
 * into the event marker of an aborted turn that has no stop marker.
 */
const abortedMarkerBodyEmpty = defineCase({
  requirements: ['ARC-8'],
  name: 'the event marker of an aborted turn has an empty body, with or without anything in history',
  run: async (context) => {
    const h = context.harness;
    session(h, 'idle');
    session(h, 'asked');
    const [step] = h.model.script([{ untilAborted: true }]);
    const idle = sendHuman(context, 'idle', 'quiet for a while', { triggerType: 'idle' });
    await step!.started;
    context.agent.abort('idle', { by: { id: 'u-stopper', name: 'Stopper' } });
    await idle.done;
    const held = await holdTurn(context, { sessionId: 'asked', content: 'long task', untilAborted: true });
    context.agent.abort('asked', { by: { id: 'u-stopper', name: 'Stopper' } });
    await held.input.done;
    for (const sessionId of ['idle', 'asked']) {
      assert.equal('ARC-8', turns(h, sessionId)[0]?.after?.outcome, 'aborted', {
        rule: 'a turn stopped by abort must end with outcome "aborted"',
        subject: `the outcome of the ${sessionId} turn`,
      });
      const markers = h.archive
        .messages(sessionId)
        .filter((message) => message.kind === WellKnownKinds.EventMarker);
      assert.equal('ARC-8', markers.length, 1, {
        rule: 'an aborted turn must persist exactly one event marker carrying its record',
        subject: `the event markers of the ${sessionId} turn`,
      });
      assert.equal('ARC-8', markers[0]!.content, '', {
        rule: 'the event marker must have an empty body, an aborted turn’s too (its wording, if any, belongs to the stop marker)',
        subject: `the body of the event marker of the ${sessionId} turn`,
      });
    }
  },
});

/**
 * [ARC-7] 「对话回滚按回合 id 只删这一轮的消息」: the version a format retry dropped is a message
 * of its turn (in a room it is stored, [ARC-5]), so rolling the turn back removes it while the
 * next turn's messages stay. The near miss stores the dropped version without the turn id.
 */
const rollbackRemovesDroppedVersion = defineCase({
  requirements: ['ARC-7'],
  name: 'rolling back a turn by its id removes the version a format retry dropped, and nothing of the next turn',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    let retried = false;
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      // One format retry, of the first turn's first version only.
      if (!retried) payload.retry = { feedback: 'use the agreed format' };
      retried = true;
      await next();
    });
    h.model.script([{ text: 'draft version' }, { text: 'final version' }, { text: 'second answer' }]);
    await sendHuman(context, 's1', 'first question').done;
    await sendHuman(context, 's1', 'second question').done;
    const { kept, removed } = await rollBackFirstOfTwo(h, 's1');
    for (const message of kept)
      assert.fail('ARC-7', {
        rule: "rolling back a turn by its id must remove all of that turn's messages, a version dropped by a format retry included",
        observed: `message ${message.id} ("${message.content}") of the rolled-back turn was kept`,
      });
    assert.equal('ARC-7', storedWith(h, 's1', 'draft version').length, 0, {
      rule: "rolling back a turn by its id must remove all of that turn's messages, a version dropped by a format retry included",
      subject: 'the stored messages holding the dropped version after the rollback',
    });
    for (const message of removed)
      assert.fail('ARC-7', {
        rule: 'rolling back a turn by its id must remove no message of another turn',
        observed: `message ${message.id} ("${message.content}") of the next turn was removed`,
      });
  },
});

/**
 * [ARC-8] A turn that ends `silent` after a format retry has no persisted reply: the version the
 * retry dropped was never the turn's reply (in a room it is persisted but not sent, [ARC-5]).
 * Its record goes on one event marker (「没有落库回复的一轮(静默、中止、出错)另落一条…事件标记」),
 * and no stored message but that marker carries it. The near miss writes the record on the last
 * persisted version, sent or not.
 */
const silentAfterRetryRecordsOnMarker = defineCase({
  requirements: ['ARC-8'],
  name: 'a turn that ends silent after a format retry records its outcome on an event marker, not on the dropped version',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      if (payload.attempt === 0) payload.retry = { feedback: 'use the agreed format' };
      await next();
    });
    h.model.script([{ text: 'draft version' }, { text: '' }]);
    await sendHuman(context, 's1', 'question').done;
    const turn = assert.defined('ARC-8', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn of s1',
    });
    assert.deepEqual(
      'ARC-8',
      recordsOf(h),
      [`${WellKnownKinds.EventMarker} "" (${String(turn.after?.outcome)})`],
      {
        rule: 'a turn with no persisted reply (silent after a format retry dropped its only version) must write its turn record on one event marker',
        subject: 'the stored messages carrying a turn record',
      },
    );
  },
});

/** The stored messages of `s1` carrying a turn record: kind (or role), body and outcome. */
function recordsOf(h: Harness): string[] {
  return h.archive
    .messages('s1')
    .filter((message) => message.metadata[Keys.TurnRecord] !== undefined)
    .map(
      (message) =>
        `${message.kind ?? message.role} "${message.content}" (${String(message.metadata[Keys.TurnRecord]?.outcome)})`,
    );
}

/**
 * [ARC-8] A turn that ran a tool and then failed has no persisted reply: its record goes on one
 * event marker (「没有落库回复的一轮(静默、中止、出错)另落一条…事件标记」), not on a message of
 * its tool-call group. The near miss puts it on the last tool result.
 */
const errorAfterToolRecordsOnMarker = defineCase({
  requirements: ['ARC-8'],
  name: 'a turn that fails after a tool call records its outcome on an event marker, not on its tool result',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { throws: 'the model is down' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.deepEqual('ARC-8', recordsOf(h), [`${WellKnownKinds.EventMarker} "" (error)`], {
      rule: 'a turn with no persisted reply (a tool call, then the model failed) must write its turn record on one event marker',
      subject: 'the stored messages carrying a turn record',
    });
  },
});

/**
 * [ARC-8] A turn whose `agent:turn:before` middleware calls `next` right after the stop ran: it
 * persists one record, on an event marker (「在agent:turn:before被拦下的一轮不写」 is only for a
 * blocked one). The near miss takes the aborted signal for a blocked turn and writes nothing.
 */
const nextAfterStopRecorded = defineCase({
  requirements: ['ARC-8'],
  name: 'a turn whose agent:turn:before middleware calls next right after abort persists its record',
  run: async (context) => {
    const h = context.harness;
    await nextAfterStop(context);
    assert.deepEqual('ARC-8', recordsOf(h), [`${WellKnownKinds.EventMarker} "" (aborted)`], {
      rule: 'a turn that was not blocked (its middleware called next after the stop) must write its record on one event marker',
      subject: 'the stored messages carrying a turn record',
    });
  },
});

/**
 * [ARC-8] The record of a stopped turn is written *before* `agent:turn:after`
 * (「在agent:turn:after之前…记」), also when the store is slow to take it. The near miss starts
 * the stopped turn's last writes and goes on without waiting for them.
 */
const stoppedRecordBeforeEnd = defineCase({
  requirements: ['ARC-8'],
  name: 'a stopped turn writes its record before agent:turn:after when the store is slow',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'long task', untilAborted: true });
    const store = createGate();
    // The stopped turn's next append (its stop marker or its event marker) waits for the store.
    h.archive.holdNext('append', store);
    context.agent.abort('s1');
    await h.settle();
    store.open();
    await held.input.done;
    await h.settle();
    const turn = assert.defined('ARC-8', turns(h, 's1')[0]?.afterRun, {
      rule: 'a stopped turn must end with agent:turn:after',
      subject: 'the agent:turn:after run of the stopped turn',
    });
    const written = recordWriteSeq(h, 's1');
    assert.that('ARC-8', written !== undefined && written < turn.seq, {
      rule: 'the turn record must be written before agent:turn:after, even when the store is slow',
      observed:
        written === undefined
          ? 'no turn record was written'
          : 'agent:turn:after ran before the turn record reached the store',
    });
  },
});

/**
 * [ARC-6] Whatever inputs a turn opens with (the inputs of its `agent:turn:before`, read as the
 * hook runs, before any input joins) are each archived with its turn id and entry `opened`.
 * Human inputs queued behind a running injection may open one turn together ([SCH-6]) or one
 * each: the case holds either way. The near miss archives only the head `opened` and the
 * inputs taken with it `joined`.
 */
const everyOpeningInputOpened = defineCase({
  requirements: ['ARC-6'],
  name: 'every input a turn opens with is archived with its turn id and entry opened, not only the first',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const opening = new Map<string, string[]>();
    h.hooks.middleware('agent:turn:before', async (payload, next) => {
      opening.set(
        payload.turnId,
        payload.inputs.map((input) => input.message.content),
      );
      await next();
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'job', injection: true });
    const waiting = ['human 1', 'human 2', 'human 3'].map((content) => sendHuman(context, 's1', content));
    h.model.script([{ text: 'r1' }, { text: 'r2' }, { text: 'r3' }]);
    await h.settle();
    held.gate.open();
    await Promise.all([held.input.done, ...waiting.map((record) => record.done)]);
    const checked = [...opening.values()].flat();
    assert.that(
      'ARC-6',
      ['job', 'human 1'].every((content) => checked.includes(content)),
      {
        rule: 'every input must open a turn or join one; the head of a queue opens one',
        observed: `the turns opened with ${JSON.stringify([...opening.values()])}`,
      },
    );
    for (const [turnId, contents] of opening) {
      for (const content of contents) {
        const write = assert.defined('ARC-6', incomingWrites(h, content)[0], {
          rule: 'every input a turn opens with must be archived at the start of its default action',
          subject: `the archive write of "${content}", an opening input of turn ${turnId}`,
        });
        assert.that('ARC-6', write.incoming?.turnId === turnId && write.incoming?.entry === 'opened', {
          rule: 'every input a turn opens with (not only the first) must be archived with the turn id and entry "opened"',
          observed: `"${content}", one of the inputs ${JSON.stringify(contents)} turn ${turnId} opened with, was archived with ${JSON.stringify(write.incoming)}`,
        });
      }
    }
  },
});

/** More cases of the ARC family: what the records and markers of a turn hold. */
/**
 * [ARC-8] The turn record meets a failing store: a turn whose opening input the store refused
 * ends as `error` and still writes its event marker with the record — only a turn blocked at
 * agent:turn:before writes none. The near miss writes the record only once the opening inputs
 * were stored.
 */
const recordAfterRefusedOpening = defineCase({
  requirements: ['ARC-8'],
  name: 'a turn whose opening input the store refused still writes its event marker with an error record',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.archive.failNext('archiveIncoming');
    h.model.script([{ text: 'may or may not be asked' }]);
    await sendHuman(context, 's1', 'refused by the store').done;
    await h.settle();
    const outcome = turns(h, 's1')[0]?.after?.outcome;
    const records = h.archive
      .messages('s1')
      .filter((message) => message.kind === WellKnownKinds.EventMarker)
      .map((message) => (message.metadata[Keys.TurnRecord] as { outcome?: unknown } | undefined)?.outcome);
    assert.deepEqual('ARC-8', records, [outcome], {
      rule: 'every turn that ran (not blocked at agent:turn:before) must write one event marker with its record, also when its opening input was refused',
      subject: `the outcomes recorded in event markers of a turn that ended ${String(outcome)}`,
    });
  },
});

export const ARC_RECORD_CASES = [
  recordAfterRefusedOpening,
  failedResultKeepsToolAfterMetadata,
  selfIdentityOutsideRooms,
  abortedMarkerBodyEmpty,
  rollbackRemovesDroppedVersion,
  everyOpeningInputOpened,
  silentAfterRetryRecordsOnMarker,
  errorAfterToolRecordsOnMarker,
  nextAfterStopRecorded,
  stoppedRecordBeforeEnd,
];
