import { WellKnownMetadataKeys as Keys, type Message, WellKnownKinds } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import type { Harness } from '../harness/harness';
import { repeatedCallCase } from './repeated-call';
import { rollBackFirstOfTwo } from './rollback';
import {
  callContains,
  holdTurn,
  incomingWrites,
  outbound,
  recordWriteSeq,
  retryFirstReply,
  SCHEDULER_SOURCE,
  sendHuman,
  sendInjection,
  session,
  storedReplies,
  storedWith,
  turns,
} from './scenario';

const REGISTERED_KEYS = new Set<string>(Object.values(Keys));

function toolGroup(
  h: Harness,
  sessionId: string,
): { readonly calls: Message[]; readonly results: Message[] } {
  const messages = h.archive.messages(sessionId);
  return {
    calls: messages.filter((message) => message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0),
    results: messages.filter((message) => message.role === 'tool'),
  };
}

const groupsCarryTurnId = defineCase({
  requirements: ['ARC-1'],
  name: 'tool-call groups and the final reply carry the turn id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'final reply' }]);
    await sendHuman(context, 's1', 'question').done;
    const id = assert.defined('ARC-1', turns(h, 's1')[0]?.turnId, {
      rule: 'every turn must have a turn id',
      subject: 'the turn id',
    });
    const group = toolGroup(h, 's1');
    assert.that('ARC-1', group.calls.length > 0 && group.results.length > 0, {
      rule: 'a turn with tool calls must persist its tool-call group (assistant message with toolCalls, and the tool results)',
      observed: 'no tool-call group was persisted',
    });
    for (const message of [...group.calls, ...group.results]) {
      assert.equal('ARC-1', message.metadata[Keys.TurnId], id, {
        rule: 'persisted tool-call groups must carry the turn id under WellKnownMetadataKeys.TurnId',
        subject: `the turn id of the persisted ${message.role} message`,
      });
    }
    const reply = assert.defined(
      'ARC-1',
      storedWith(h, 's1', 'final reply').find((message) => message.role === 'assistant'),
      { rule: 'a replied turn must persist its final reply', subject: 'the persisted final reply' },
    );
    assert.equal('ARC-1', reply.metadata[Keys.TurnId], id, {
      rule: 'the final reply must carry the turn id under WellKnownMetadataKeys.TurnId',
      subject: 'the turn id of the final reply',
    });
  },
});

const groupRecordsCalls = defineCase({
  requirements: ['ARC-1'],
  name: 'a persisted tool-call group records each call’s id, name and arguments, answered by its result',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.tools.define({ name: 'fetch' });
    const calls = [
      { name: 'lookup', id: 'model-call-a', arguments: { q: 'weather' } },
      { name: 'fetch', id: 'model-call-b', arguments: { url: 'https://example.org' } },
    ];
    h.model.script([{ toolCalls: calls }, { text: 'final reply' }]);
    await sendHuman(context, 's1', 'question').done;
    const group = toolGroup(h, 's1');
    const recorded = group.calls.flatMap((message) => message.toolCalls ?? []);
    for (const call of calls) {
      const found = assert.defined(
        'ARC-1',
        recorded.find((candidate) => candidate.id === call.id),
        {
          rule: 'the persisted assistant message of a tool-call group must record each tool call the model made',
          subject: `the persisted tool call ${call.id}`,
        },
      );
      assert.equal('ARC-1', found.name, call.name, {
        rule: 'a persisted tool call must record the tool the model called',
        subject: `the name of persisted tool call ${call.id}`,
      });
      assert.deepEqual('ARC-1', JSON.parse(found.arguments), call.arguments, {
        rule: 'a persisted tool call must record the arguments the model gave',
        subject: `the arguments of persisted tool call ${call.id}`,
      });
      assert.that(
        'ARC-1',
        group.results.some((result) => result.toolCallId === call.id),
        {
          rule: 'each persisted tool call must be answered by a persisted tool result with its id',
          observed: `no persisted tool result answers ${call.id}`,
        },
      );
    }
  },
});

const failedCallsCarryCallId = defineCase({
  requirements: ['ARC-2'],
  name: 'every tool call records its call id in its result, failed ones included',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.tools.define({ name: 'guarded' });
    h.hooks.middleware('agent:tool:before', async (payload, next) => {
      if (payload.name !== 'guarded') await next();
    });
    const calls = [
      { name: 'missing_tool', id: 'model-call-1' },
      { name: 'lookup', id: 'model-call-2', arguments: '{not json' },
      { name: 'guarded', id: 'model-call-3' },
      { name: 'lookup', id: 'model-call-4' },
    ];
    h.model.script([{ toolCalls: calls }, { text: 'done' }]);
    await sendHuman(context, 's1', 'use tools').done;
    const results = toolGroup(h, 's1').results;
    const callIds = new Set<unknown>();
    for (const call of calls) {
      const result = results.find((message) => message.toolCallId === call.id);
      const found = assert.defined('ARC-2', result, {
        rule: 'every tool call, failed ones included, must have a persisted tool result',
        subject: `the persisted tool result of ${call.name} (${call.id})`,
      });
      const callId = found.metadata[Keys.CallId];
      assert.that('ARC-2', typeof callId === 'string' && callId.length > 0, {
        rule: 'every tool result must record its call id in its metadata',
        observed: `the result of ${call.id} recorded the call id ${String(callId)}`,
      });
      callIds.add(callId);
    }
    assert.equal('ARC-2', callIds.size, calls.length, {
      rule: 'every tool result must record its call id in its metadata',
      subject: 'the number of distinct call ids recorded',
    });
  },
});

const replyMetadata = defineCase({
  requirements: ['ARC-3'],
  name: 'the final reply records model, tokens, platform, group and session type under registered keys',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    h.model.script([
      { text: 'final reply', usage: { promptTokens: 120, completionTokens: 8, totalTokens: 128 } },
    ]);
    const fields = { groupId: 'group-1', groupName: 'Group One', sessionType: 'group' as const };
    await sendHuman(context, 's1', 'question', fields).done;
    const reply = assert.defined('ARC-3', storedReplies(h, 's1')[0], {
      rule: 'a replied turn must persist its final reply',
      subject: 'the persisted final reply',
    });
    const metadata = reply.metadata;
    const model = metadata[Keys.Model];
    assert.that('ARC-3', model === 'conformance/model' || model === 'model', {
      rule: 'the final reply must record the model under WellKnownMetadataKeys.Model',
      observed: `the reply recorded the model ${String(model)}`,
    });
    assert.that('ARC-3', typeof metadata[Keys.Tokens] === 'object' && metadata[Keys.Tokens] !== null, {
      rule: 'the final reply must record its token usage under WellKnownMetadataKeys.Tokens',
      observed: 'the reply recorded no tokens',
    });
    // One model call: the turn's tokens are that call's.
    const tokens = metadata[Keys.Tokens];
    assert.that('ARC-3', tokens?.promptTokens === 120 && tokens.completionTokens === 8, {
      rule: "the final reply must record the turn's token usage, as the model reported it",
      observed: `the reply recorded the tokens ${JSON.stringify(tokens)} for a single call that reported 120 prompt and 8 completion tokens`,
    });
    assert.equal('ARC-3', metadata[Keys.Platform], 'conformance', {
      rule: 'the final reply must record the platform',
      subject: 'the platform recorded on the reply',
    });
    assert.equal('ARC-3', (metadata[Keys.Group] as { id?: unknown } | undefined)?.id, 'group-1', {
      rule: 'the final reply must record the group',
      subject: 'the group recorded on the reply',
    });
    assert.equal('ARC-3', metadata[Keys.SessionType], 'group', {
      rule: 'the final reply must record the session type',
      subject: 'the session type recorded on the reply',
    });
    for (const key of Object.keys(metadata)) {
      assert.that('ARC-3', REGISTERED_KEYS.has(key), {
        rule: 'the final reply may carry registered WellKnownMetadataKeys only',
        observed: `the reply carried the unregistered metadata key "${key}"`,
      });
    }
  },
});

const selfIdentity = defineCase({
  requirements: ['ARC-3'],
  name: "the final reply records the assistant's own identity on the platform of its turn",
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    session(h, 's2', { kind: 'room', platform: 'elsewhere' });
    h.model.script([{ text: 'reply here' }, { text: 'reply there' }]);
    await sendHuman(context, 's1', 'question', { sessionType: 'private' }).done;
    await sendHuman(context, 's2', 'question', { platform: 'elsewhere', sessionType: 'private' }).done;
    for (const [sessionId, platform] of [
      ['s1', 'conformance'],
      ['s2', 'elsewhere'],
    ] as const) {
      const reply = assert.defined('ARC-3', storedReplies(h, sessionId)[0], {
        rule: 'a replied turn must persist its final reply',
        subject: `the persisted final reply of ${sessionId}`,
      });
      const recorded = reply.metadata[Keys.SelfIdentity];
      const expected = h.selfIdentity(platform);
      assert.that('ARC-3', recorded?.userId === expected.userId, {
        rule: `the final reply must record the assistant's own identity on the turn's platform (${platform}) under WellKnownMetadataKeys.SelfIdentity`,
        observed:
          recorded === undefined
            ? `the reply of ${sessionId} recorded no identity (the adapter's factory must give the agent harness.selfIdentity as its identity on every platform)`
            : `the reply of ${sessionId} recorded ${JSON.stringify(recorded)}, not ${JSON.stringify(expected)}`,
      });
    }
  },
});

const visibleBody = defineCase({
  requirements: ['ARC-3'],
  name: 'a structured-output reply records its decoded visible body',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      payload.visibleContent = 'the visible body';
      await next();
    });
    h.model.script([{ text: '{"visible":"the visible body"}' }]);
    await sendHuman(context, 's1', 'question').done;
    const reply = assert.defined('ARC-3', storedReplies(h, 's1')[0], {
      rule: 'a replied turn must persist its final reply',
      subject: 'the persisted final reply',
    });
    assert.equal('ARC-3', reply.metadata[Keys.VisibleContent], 'the visible body', {
      rule: 'a structured-output reply must record its decoded visible body under WellKnownMetadataKeys.VisibleContent',
      subject: 'the visible body recorded on the reply',
    });
  },
});

const toolAfterMetadata = defineCase({
  requirements: ['ARC-4'],
  name: 'metadata written in agent:tool:after is persisted with the tool result',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    const extra = { marker: 'conformance', count: 2, nested: { ok: true } };
    h.hooks.middleware('agent:tool:after', async (payload, next) => {
      payload.metadata['conformance:probe'] = extra;
      await next();
    });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const result = assert.defined('ARC-4', toolGroup(h, 's1').results[0], {
      rule: 'a tool call must persist its tool result',
      subject: 'the persisted tool result',
    });
    assert.deepEqual('ARC-4', result.metadata['conformance:probe'], extra, {
      rule: 'metadata written by a plugin in agent:tool:after must be persisted unchanged with the tool result',
      subject: 'the plugin metadata of the tool result',
    });
  },
});

function replies(h: Harness, sessionId: string) {
  return outbound(h, sessionId).filter((message) => message.kind !== 'notice');
}

/**
 * [ARC-5] In the room session `s1` exactly one message went to the platform, holding `last`,
 * while `kept` (`what`: a text the room does not show) was still persisted.
 */
function assertRoomHandsOnlyLast(
  h: Harness,
  expected: { readonly last: string; readonly kept: string; readonly what: string },
): void {
  const rule = 'in a room session a turn must hand only its last reply to the platform (outbound:message)';
  const sent = replies(h, 's1');
  assert.equal('ARC-5', sent.length, 1, { rule, subject: 'the number of messages handed to the platform' });
  assert.that('ARC-5', sent[0]!.content.includes(expected.last), {
    rule,
    observed: `the message handed to the platform was "${sent[0]!.content}", not the last reply "${expected.last}"`,
  });
  assert.that('ARC-5', storedWith(h, 's1', expected.kept).length > 0, {
    rule: `in a room session ${expected.what} must still be persisted`,
    observed: `${expected.what} ("${expected.kept}") was not persisted`,
  });
}

/**
 * [ARC-5] In a room only the last reply of a turn goes to the platform: text said before a tool
 * call is kept, not sent. "Rooms" are IM groups and private chats alike (「room的 IM 群与私聊」),
 * so the same holds when the input says it is a private chat; the near miss of that case sends
 * the text there, reading the rule as one about groups only.
 */
function roomToolTextCase(sessionType: 'private' | undefined) {
  return defineCase({
    requirements: ['ARC-5'],
    name:
      sessionType === undefined
        ? 'in a room only the last reply of a turn goes to the platform'
        : 'in a room that is a private chat, too, only the last reply of a turn goes to the platform',
    run: async (context) => {
      const h = context.harness;
      session(h, 's1', { kind: 'room', platform: 'conformance' });
      h.tools.define({ name: 'lookup' });
      h.model.script([{ text: 'let me check', toolCalls: [{ name: 'lookup' }] }, { text: 'here it is' }]);
      const fields = sessionType === undefined ? {} : { sessionType };
      await context.agent.send(h.input({ sessionId: 's1', content: 'question', ...fields })).done;
      assertRoomHandsOnlyLast(h, {
        last: 'here it is',
        kept: 'let me check',
        what: `the text said before a tool call${sessionType === undefined ? '' : ' in a private chat'}`,
      });
    },
  });
}

const roomLastReplyOnly = roomToolTextCase(undefined);
const privateRoomToolTextNotSent = roomToolTextCase('private');

const roomRetryNotSent = defineCase({
  requirements: ['ARC-5'],
  name: 'in a room a version dropped by a format retry is persisted but not sent',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    retryFirstReply(h, 'use the agreed format');
    h.model.script([{ text: 'draft version' }, { text: 'final version' }]);
    await sendHuman(context, 's1', 'question').done;
    assertRoomHandsOnlyLast(h, {
      last: 'final version',
      kept: 'draft version',
      what: 'a version dropped by a format retry',
    });
  },
});

const openingArchivedFirst = defineCase({
  requirements: ['ARC-6'],
  name: 'opening inputs are archived at the start of the turn’s default action with turn id and entry opened',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let writesBeforeNext = -1;
    h.hooks.middleware('agent:turn:before', async (_payload, next) => {
      writesBeforeNext = incomingWrites(h, 'question').length;
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const turn = assert.defined('ARC-6', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn',
    });
    assert.equal('ARC-6', writesBeforeNext, 0, {
      rule: 'opening inputs must be archived in the agent:turn:before default action, not before it',
      subject: 'the archive writes of the input before the turn’s default action',
    });
    const write = assert.defined('ARC-6', incomingWrites(h, 'question')[0], {
      rule: 'opening inputs must be archived at the start of the agent:turn:before default action',
      subject: 'the archive write of the opening input',
    });
    assert.equal('ARC-6', write.incoming?.turnId, turn.turnId, {
      rule: 'opening inputs must be archived with the turn id',
      subject: 'the turn id of the opening input',
    });
    assert.equal('ARC-6', write.incoming?.entry, 'opened', {
      rule: 'opening inputs must be archived with entry "opened"',
      subject: 'the entry of the opening input',
    });
    const start = assert.defined('ARC-6', turn.before.defaultActionSeq, {
      rule: 'the turn must run the default action of agent:turn:before',
      subject: 'the start of the turn’s default action',
    });
    assert.that('ARC-6', write.seq > start && write.seq < h.model.requests[0]!.seq, {
      rule: 'opening inputs must be archived at the very start of the default action, before the model call',
      observed:
        'the input was archived outside the window between the start of the default action and the first model call',
    });
  },
});

const queuedNotInHistory = defineCase({
  requirements: ['ARC-6'],
  name: 'queued inputs are not in history until their turn starts',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running' });
    const queued = sendInjection(context, 's1', 'queued job');
    h.model.script([{ text: 'queued reply' }]);
    await h.settle();
    assert.equal('ARC-6', incomingWrites(h, 'queued job').length, 0, {
      rule: 'queued inputs must not be archived (in history) until their turn starts',
      subject: 'the archive writes of a queued input while it waited',
    });
    held.gate.open();
    await Promise.all([held.input.done, queued.done]);
    const turn = assert.defined('ARC-6', turns(h, 's1')[1], {
      rule: 'a queued input must open its own turn once the running one ended',
      subject: 'the turn of the queued input',
    });
    assert.equal('ARC-6', incomingWrites(h, 'queued job')[0]?.incoming?.turnId, turn.turnId, {
      rule: 'a queued input must be archived with the id of the turn it opens',
      subject: 'the turn id of the queued input once it ran',
    });
  },
});

const rollbackExact = defineCase({
  requirements: ['ARC-7'],
  name: 'rolling back a turn by its id removes exactly that turn’s messages',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }] },
      { text: 'first answer' },
      { text: 'second answer' },
    ]);
    await sendHuman(context, 's1', 'first question').done;
    await sendHuman(context, 's1', 'second question').done;
    const { kept, removed } = await rollBackFirstOfTwo(h, 's1');
    for (const message of kept)
      assert.fail('ARC-7', {
        rule: "rolling back a turn by its id must remove all of that turn's messages, inputs included",
        observed: `message ${message.id} of the rolled-back turn was kept`,
      });
    for (const message of removed)
      assert.fail('ARC-7', {
        rule: 'rolling back a turn by its id must remove no message of another turn',
        observed: `message ${message.id} of the other turn was removed`,
      });
  },
});

const rollbackStoppedTurn = defineCase({
  requirements: ['ARC-7', 'ARC-9'],
  name: 'rolling back an aborted turn by its id removes its stop marker and turn record with it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'long task', untilAborted: true });
    context.agent.abort('s1');
    await held.input.done;
    const turnId = assert.defined('ARC-7', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id of the aborted turn',
    });
    assert.that(
      'ARC-7',
      h.archive.messages('s1').some((message) => message.kind === WellKnownKinds.TurnStopped),
      {
        rule: 'an aborted turn with inputs in history must persist a stop marker ([ARC-9])',
        observed: 'no stop marker was persisted',
      },
    );
    await assert
      .defined('ARC-7', h.services.archive, {
        rule: 'the harness provides an archive in this case',
        subject: 'the archive',
      })
      .rollback('s1', turnId);
    const left = h.archive.messages('s1').map((message) => message.kind ?? message.role);
    assert.deepEqual('ARC-7', left, [], {
      rule: "rolling back a turn by its id must remove all of that turn's messages: its stop marker and record carry its turn id",
      subject: 'the kinds and roles of the messages left after rolling back the only turn',
    });
  },
});

function eventMarkers(h: Harness, sessionId: string): Message[] {
  return h.archive.messages(sessionId).filter((message) => message.kind === WellKnownKinds.EventMarker);
}

const recordOnReply = defineCase({
  requirements: ['ARC-8'],
  name: 'a replied turn records its outcome and source on its last reply before agent:turn:after',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'scheduled reply' }]);
    await sendInjection(context, 's1', 'scheduled job').done;
    const turn = assert.defined('ARC-8', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn',
    });
    const reply = assert.defined('ARC-8', storedReplies(h, 's1').at(-1), {
      rule: 'a replied turn must persist its reply',
      subject: 'the persisted reply',
    });
    const record = assert.defined('ARC-8', reply.metadata[Keys.TurnRecord], {
      rule: 'a replied turn must write its turn record on the metadata of its last persisted reply',
      subject: 'the turn record on the reply',
    });
    assert.equal('ARC-8', record.outcome, 'replied', {
      rule: 'a replied turn must write its turn record on the metadata of its last persisted reply',
      subject: 'the outcome in the turn record',
    });
    assert.deepEqual('ARC-8', record.source, SCHEDULER_SOURCE, {
      rule: "the turn record must carry the source of the turn's inputs",
      subject: 'the source in the turn record',
    });
    const written = assert.defined('ARC-8', recordWriteSeq(h, 's1'), {
      rule: 'the turn record must be written',
      subject: 'the write of the turn record',
    });
    assert.that('ARC-8', written < (turn.afterRun?.seq ?? 0), {
      rule: 'the turn record must be written before agent:turn:after',
      observed: 'the turn record was written after agent:turn:after',
    });
    assert.equal('ARC-8', eventMarkers(h, 's1').length, 0, {
      rule: 'a replied turn must persist no event marker (its record is on the reply)',
      subject: 'the event markers of a replied turn',
    });
  },
});

function markerCase(outcome: 'silent' | 'error', step: { readonly text?: string; readonly throws?: string }) {
  return defineCase({
    requirements: ['ARC-8'],
    name: `a${outcome === 'error' ? 'n' : ''} ${outcome} turn persists one event marker with its turn record`,
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      h.model.script([step]);
      await sendHuman(context, 's1', 'question').done;
      const turn = assert.defined('ARC-8', turns(h, 's1')[0], {
        rule: 'every input must open a turn',
        subject: 'the turn',
      });
      assert.equal('ARC-8', turn.after?.outcome, outcome, {
        rule: 'every input must open a turn',
        subject: 'the outcome of the turn',
      });
      const markers = eventMarkers(h, 's1');
      assert.equal('ARC-8', markers.length, 1, {
        rule: 'a turn without persisted reply (silent, aborted, error) must persist exactly one event marker carrying its record',
        subject: 'the number of event markers',
      });
      const marker = markers[0]!;
      assert.equal('ARC-8', marker.role, 'system', {
        rule: 'the event marker must have role "system"',
        subject: 'the role of the event marker',
      });
      assert.equal('ARC-8', marker.content, '', {
        rule: 'the event marker must have an empty body',
        subject: 'the body of the event marker',
      });
      assert.equal('ARC-8', marker.metadata[Keys.TurnId], turn.turnId, {
        rule: 'the event marker must carry the turn id',
        subject: 'the turn id of the event marker',
      });
      assert.equal('ARC-8', marker.metadata[Keys.TurnRecord]?.outcome, outcome, {
        rule: "the event marker must carry the turn record with the turn's outcome",
        subject: 'the outcome in the event marker’s record',
      });
      const written = assert.defined('ARC-8', recordWriteSeq(h, 's1'), {
        rule: 'the turn record must be written',
        subject: 'the write of the turn record',
      });
      assert.that('ARC-8', written < (turn.afterRun?.seq ?? 0), {
        rule: 'the turn record must be written before agent:turn:after',
        observed: 'the turn record was written after agent:turn:after',
      });
    },
  });
}

const recordOnLastReply = defineCase({
  requirements: ['ARC-8'],
  name: 'a turn with several persisted replies records its outcome on the last one only',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    retryFirstReply(h, 'use the agreed format');
    h.model.script([{ text: 'draft version' }, { text: 'final version' }]);
    await sendHuman(context, 's1', 'question').done;
    const replies = storedReplies(h, 's1');
    const last = assert.defined('ARC-8', replies.at(-1), {
      rule: 'a replied turn must persist its reply',
      subject: 'the last persisted reply',
    });
    assert.that('ARC-8', last.content.includes('final version'), {
      rule: 'the final reply must be persisted after the versions a format retry dropped',
      observed: `the last persisted reply was "${last.content}"`,
    });
    assert.equal('ARC-8', last.metadata[Keys.TurnRecord]?.outcome, 'replied', {
      rule: "the turn record must be written on the metadata of the turn's last persisted reply",
      subject: 'the outcome in the turn record of the last reply',
    });
    const earlier = replies.slice(0, -1).filter((reply) => reply.metadata[Keys.TurnRecord] !== undefined);
    assert.equal('ARC-8', earlier.length, 0, {
      rule: "the turn record must be written on the turn's last persisted reply, not on an earlier one",
      subject: 'the earlier replies of the turn that carry a turn record',
    });
  },
});

const idleTurnsRecorded = defineCase({
  requirements: ['ARC-8'],
  name: 'silent and aborted turns of an idle trigger, with no input in history, still persist one event marker each',
  run: async (context) => {
    const h = context.harness;
    session(h, 'silent');
    session(h, 'aborted');
    h.model.script([{ text: '' }]);
    await sendHuman(context, 'silent', 'quiet for a while', { triggerType: 'idle' }).done;
    const [step] = h.model.script([{ untilAborted: true }]);
    const stopped = sendHuman(context, 'aborted', 'quiet for a while', { triggerType: 'idle' });
    await step!.started;
    context.agent.abort('aborted');
    await stopped.done;
    for (const outcome of ['silent', 'aborted'] as const) {
      const markers = eventMarkers(h, outcome);
      assert.equal('ARC-8', markers.length, 1, {
        rule: 'a turn without persisted reply must persist exactly one event marker carrying its record, even when none of its inputs is in history',
        subject: `the event markers of the ${outcome} idle-trigger turn`,
      });
      assert.equal('ARC-8', markers[0]!.metadata[Keys.TurnRecord]?.outcome, outcome, {
        rule: "the event marker must carry the turn record with the turn's outcome",
        subject: `the outcome in the event marker of the ${outcome} idle-trigger turn`,
      });
    }
  },
});

const blockedNoRecord = defineCase({
  requirements: ['ARC-8'],
  name: 'a turn blocked at agent:turn:before writes no turn record',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:turn:before', async () => undefined);
    await sendHuman(context, 's1', 'question').done;
    assert.equal('ARC-8', recordWriteSeq(h, 's1'), undefined, {
      rule: 'a turn blocked at agent:turn:before must write no turn record',
      subject: 'the write of a turn record for a blocked turn',
    });
    assert.equal('ARC-8', h.archive.messages('s1').length, 0, {
      rule: 'a turn blocked at agent:turn:before must write no turn record',
      subject: 'the messages stored for a blocked turn',
    });
  },
});

const stopMarker = defineCase({
  requirements: ['ARC-9'],
  name: 'an aborted turn persists a stop marker before its record, and the next model call sees it',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'long task', untilAborted: true });
    context.agent.abort('s1', { by: { id: 'admin-1', name: 'Admin' } });
    await held.input.done;
    const stored = h.archive.messages('s1');
    const stopIndex = stored.findIndex((message) => message.kind === WellKnownKinds.TurnStopped);
    const marker = assert.defined('ARC-9', stored[stopIndex], {
      rule: 'an aborted turn with inputs in history must persist a stop marker (role system, kind turn-stopped)',
      subject: 'the stop marker of the aborted turn',
    });
    assert.equal('ARC-9', marker.role, 'system', {
      rule: 'the stop marker must have role "system"',
      subject: 'the role of the stop marker',
    });
    assert.that('ARC-9', marker.content.trim().length > 0, {
      rule: "the stop marker must be worded for the next turn's model",
      observed: 'the stop marker has an empty body',
    });
    const recordIndex = stored.findIndex((message) => message.metadata[Keys.TurnRecord] !== undefined);
    assert.that('ARC-9', recordIndex > stopIndex, {
      rule: 'the stop marker must be persisted before the turn record',
      observed: `the stop marker is at position ${stopIndex}, the turn record at ${recordIndex}`,
    });
    assert.equal('ARC-9', stored[recordIndex]?.metadata[Keys.TurnRecord]?.outcome, 'aborted', {
      rule: 'an aborted turn\'s record must have outcome "aborted"',
      subject: 'the outcome in the turn record',
    });
    h.model.script([{ text: 'next reply' }]);
    await sendHuman(context, 's1', 'next question').done;
    const next = assert.defined('ARC-9', h.model.requests[1], {
      rule: 'the next input must open a turn that calls the model',
      subject: 'the model call of the next turn',
    });
    assert.that('ARC-9', callContains(next, marker.content), {
      rule: "the stop marker must reach the next turn's model",
      observed: 'the next model call did not contain the stop marker',
    });
    const leaked = next.messages.some((message) => message.role === 'system' && message.content === '');
    assert.that('ARC-9', !leaked, {
      rule: 'event markers must never reach a model',
      observed: 'the model call contained an empty system message (an event marker)',
    });
  },
});

const stopMarkerForToolGroup = defineCase({
  requirements: ['ARC-9'],
  name: 'an aborted turn whose only history is a tool-call group persists a stop marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    const [, second] = h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { untilAborted: true }]);
    // An idle-trigger input is not archived: the tool-call group is the turn's only history.
    const input = sendHuman(context, 's1', 'quiet for a while', { triggerType: 'idle' });
    await second!.started;
    context.agent.abort('s1');
    await input.done;
    const stored = h.archive.messages('s1');
    assert.that(
      'ARC-9',
      stored.some((message) => (message.toolCalls?.length ?? 0) > 0),
      {
        rule: 'a tool-call group must be persisted once its results are in',
        observed: 'no tool-call group was persisted before the abort',
      },
    );
    assert.equal('ARC-9', stored.filter((message) => message.kind === WellKnownKinds.TurnStopped).length, 1, {
      rule: 'an aborted turn with inputs or tool-call groups in history must persist a stop marker (kind turn-stopped)',
      subject: 'the stop markers of a turn whose only history is a tool-call group',
    });
  },
});

/**
 * [ARC-2] A call that fails before executing (unknown tool, unparsable arguments, blocked in
 * `agent:tool:before`) runs no tool, and a valid call runs the tool it names with its
 * arguments. (The tool service may still be asked about an unknown name: it runs nothing.)
 */
const failedCallsNeverExecute = defineCase({
  requirements: ['ARC-2'],
  name: 'a tool call that fails before executing runs no tool; a valid one runs the tool it names',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const schema = (key: string) => ({
      type: 'object',
      properties: { [key]: { type: 'string' } },
      required: [key],
    });
    const defined = new Set(['lookup', 'guarded', 'fetch']);
    h.tools.define({ name: 'lookup', parameters: schema('q') });
    h.tools.define({ name: 'guarded' });
    h.tools.define({ name: 'fetch', parameters: schema('url') });
    h.hooks.middleware('agent:tool:before', async (payload, next) => {
      if (payload.name !== 'guarded') await next();
    });
    const url = 'https://example.org';
    h.model.script([
      {
        toolCalls: [
          { name: 'missing_tool', id: 'model-call-1' },
          { name: 'lookup', id: 'model-call-2', arguments: '{not json' },
          { name: 'guarded', id: 'model-call-3' },
          { name: 'fetch', id: 'model-call-4', arguments: { url } },
        ],
      },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'use tools').done;
    const ran = h.tools.calls
      .filter((call) => defined.has(call.name))
      .map((call) => ({ name: call.name, args: call.args }));
    assert.deepEqual('ARC-2', ran, [{ name: 'fetch', args: { url } }], {
      rule: 'a call to an unknown tool, with unparsable arguments or blocked in agent:tool:before fails before executing, and a valid call runs the tool it names with its arguments',
      subject: 'the defined tools the tool service was asked to run',
    });
  },
});

/**
 * [ARC-3] The token usage of the final reply (schema-message's `MessageTokens`: summed over
 * the turn's model calls, each figure a non-negative number) adds up what the calls reported,
 * a figure a call did not report counting as none.
 */
const replyTokensSumReported = defineCase({
  requirements: ['ARC-3'],
  name: 'the token usage on the final reply sums the figures the turn’s calls reported, each a number',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }], usage: { promptTokens: 100 } },
      { text: 'final reply', usage: { promptTokens: 150, completionTokens: 9 } },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const reply = assert.defined('ARC-3', storedReplies(h, 's1')[0], {
      rule: 'a replied turn must persist its final reply',
      subject: 'the persisted final reply',
    });
    const tokens = (reply.metadata[Keys.Tokens] ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(tokens)) {
      assert.that('ARC-3', typeof value === 'number' && Number.isFinite(value) && value >= 0, {
        rule: 'each token figure recorded on the final reply must be a non-negative number (MessageTokens)',
        observed: `the reply recorded ${key} = ${String(value)}`,
      });
    }
    assert.that('ARC-3', tokens.promptTokens === 250 && tokens.completionTokens === 9, {
      rule: "the final reply must record the turn's token usage, summed over its model calls",
      observed: `the reply recorded ${JSON.stringify(tokens)} for calls that reported 100 and 150 prompt tokens and 9 completion tokens`,
    });
  },
});

/**
 * [ARC-3] The group recorded on the final reply is the turn's group as its input named it
 * (schema-message's `GroupReference`: id, and name when known).
 */
const replyGroupWithName = defineCase({
  requirements: ['ARC-3'],
  name: 'the final reply records the turn’s group with the name its input gave, and none outside a group',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { kind: 'room', platform: 'conformance' });
    session(h, 's2', { kind: 'room', platform: 'conformance' });
    h.model.script([{ text: 'reply in the group' }, { text: 'reply in private' }]);
    const fields = { groupId: 'group-7', groupName: 'Group Seven', sessionType: 'group' as const };
    await sendHuman(context, 's1', 'question', fields).done;
    await sendHuman(context, 's2', 'question', { sessionType: 'private' }).done;
    const [inGroup, inPrivate] = ['s1', 's2'].map((id) =>
      assert.defined('ARC-3', storedReplies(h, id)[0], {
        rule: 'a replied turn must persist its final reply',
        subject: `the persisted final reply of ${id}`,
      }),
    );
    assert.deepEqual(
      'ARC-3',
      inGroup!.metadata[Keys.Group],
      { id: 'group-7', name: 'Group Seven' },
      {
        rule: "the final reply must record the turn's group: its id, and its name when the input gave one",
        subject: 'the group recorded on the reply',
      },
    );
    assert.equal('ARC-3', inPrivate!.metadata[Keys.Group], undefined, {
      rule: 'the final reply of a turn outside any group must record no group',
      subject: 'the group recorded on the reply of a private chat',
    });
  },
});

/**
 * [ARC-9]: the stop marker belongs to an aborted turn only. Of four turns with their inputs in
 * history, the aborted one persists one; the replied, silent and error ones persist none (the
 * next turn's model would read one as a stop).
 */
const stopMarkerOnlyWhenAborted = defineCase({
  requirements: ['ARC-9'],
  name: 'of replied, silent, error and aborted turns only the aborted one persists a stop marker',
  run: async (context) => {
    const h = context.harness;
    const outcomes = ['replied', 'silent', 'error', 'aborted'] as const;
    for (const id of outcomes) session(h, id);
    h.model.script([{ text: 'an answer' }, { text: '' }, { throws: 'the model is down' }]);
    for (const id of ['replied', 'silent', 'error']) await sendHuman(context, id, 'question').done;
    const held = await holdTurn(context, { sessionId: 'aborted', content: 'question', untilAborted: true });
    context.agent.abort('aborted');
    await held.input.done;
    for (const outcome of outcomes) {
      assert.equal('ARC-9', turns(h, outcome)[0]?.after?.outcome, outcome, {
        rule: 'every input must open a turn',
        subject: `the outcome of the ${outcome} turn`,
      });
      assert.that('ARC-9', storedWith(h, outcome, 'question').length > 0, {
        rule: 'the opening input of a turn must be in history (ARC-6)',
        observed: `the input of the ${outcome} turn was not stored`,
      });
      const markers = h.archive
        .messages(outcome)
        .filter((message) => message.kind === WellKnownKinds.TurnStopped);
      assert.equal('ARC-9', markers.length, outcome === 'aborted' ? 1 : 0, {
        rule: 'an aborted turn with inputs in history persists one stop marker (kind turn-stopped); a turn that was not stopped persists none',
        subject: `the stop markers of the ${outcome} turn`,
      });
    }
  },
});

/**
 * [ARC-9] The stop marker is conditional: "中止的一轮在历史里已有这一轮的输入或工具调用组时".
 * An aborted idle-trigger turn stopped during its first model call has nothing in history (the
 * input is never archived), so the next model would read a stop marker of a turn it cannot see.
 */
const noStopMarkerWithoutHistory = defineCase({
  requirements: ['ARC-9'],
  name: 'an aborted turn with nothing of its own in history persists no stop marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const [step] = h.model.script([{ untilAborted: true }]);
    const stopped = sendHuman(context, 's1', 'quiet for a while', { triggerType: 'idle' });
    await step!.started;
    context.agent.abort('s1', { by: { id: 'u-stopper', name: 'Stopper' } });
    await stopped.done;
    assert.equal('ARC-9', turns(h, 's1')[0]?.after?.outcome, 'aborted', {
      rule: 'a turn stopped by abort must end with outcome "aborted"',
      subject: 'the outcome of the stopped idle-trigger turn',
    });
    const markers = h.archive.messages('s1').filter((message) => message.kind === WellKnownKinds.TurnStopped);
    assert.equal('ARC-9', markers.length, 0, {
      rule: 'only an aborted turn that already has its inputs or tool-call groups in history persists a stop marker',
      subject: 'the stop markers of an aborted turn with nothing in history',
    });
  },
});

/**
 * [ARC-2] [TID-3] The call id a tool result records is the id of that call: the one its
 * `ToolCallContext` carried in `agent:tool:before`, for a call a middleware blocked as for one
 * that ran. The near miss gives a blocked call, whose result the agent writes itself, a fresh id,
 * so history no longer matches what the hooks (an approval plugin, a log) saw.
 */
const resultRecordsItsContextCallId = defineCase({
  requirements: ['ARC-2', 'TID-3'],
  name: 'a tool result records the call id its agent:tool:before context carried, for a blocked call as for one that ran',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.tools.define({ name: 'guarded' });
    const seen = new Map<string, string>();
    h.hooks.middleware('agent:tool:before', async (payload, next) => {
      seen.set(payload.name, payload.toolCallContext.callId);
      if (payload.name !== 'guarded') await next();
    });
    h.model.script([
      {
        toolCalls: [
          { name: 'guarded', id: 'model-call-1' },
          { name: 'lookup', id: 'model-call-2' },
        ],
      },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'use tools').done;
    const results = toolGroup(h, 's1').results;
    for (const [name, id] of [
      ['guarded', 'model-call-1'],
      ['lookup', 'model-call-2'],
    ] as const) {
      const expected = assert.defined('TID-3', seen.get(name), {
        rule: 'agent:tool:before must run for every tool call with its ToolCallContext',
        subject: `the call id agent:tool:before saw for ${name}`,
      });
      const result = assert.defined(
        'ARC-2',
        results.find((message) => message.toolCallId === id),
        {
          rule: 'every tool call, failed ones included, must have a persisted tool result',
          subject: `the persisted tool result of ${name} (${id})`,
        },
      );
      assert.equal('ARC-2', result.metadata[Keys.CallId], expected, {
        rule: 'a tool result must record the call id of its call, the one its ToolCallContext carried (a blocked call included)',
        subject: `the call id recorded for ${name}, against the one agent:tool:before saw`,
      });
    }
  },
});

/**
 * [ARC-3] The token usage on the final reply sums every model call of the turn, the call whose
 * reply a format retry dropped included (schema-message's `MessageTokens`: summed over the
 * turn's model calls). The near miss leaves out the dropped version's call.
 */
const replyTokensCountRetriedCall = defineCase({
  requirements: ['ARC-3'],
  name: 'the token usage on the final reply counts the call whose reply a format retry dropped',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    retryFirstReply(h, 'Use the agreed format.');
    h.model.script([
      { text: 'first draft', usage: { promptTokens: 10, completionTokens: 2 } },
      { text: 'final reply', usage: { promptTokens: 20, completionTokens: 3 } },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const reply = assert.defined(
      'ARC-3',
      storedReplies(h, 's1').find((message) => message.content === 'final reply'),
      {
        rule: 'a replied turn must persist its final reply',
        subject: 'the persisted final reply',
      },
    );
    const tokens = (reply.metadata[Keys.Tokens] ?? {}) as Record<string, unknown>;
    assert.that('ARC-3', tokens.promptTokens === 30 && tokens.completionTokens === 5, {
      rule: "the final reply must record the turn's token usage summed over all its model calls, a format retry's dropped call included",
      observed: `the reply recorded ${JSON.stringify(tokens)} for calls that reported 10 and 20 prompt tokens and 2 and 3 completion tokens`,
    });
  },
});

/**
 * [ARC-4] A key an `agent:tool:after` middleware writes into `metadata` is stored with the
 * result, also when it writes it after `next`: the near miss copies the metadata as the
 * hook's default action runs and loses later writes.
 */
const toolAfterMetadataAfterNext = defineCase({
  requirements: ['ARC-4'],
  name: 'a metadata key an agent:tool:after middleware writes after next is stored with the tool result',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.hooks.middleware('agent:tool:after', async (payload, next) => {
      await next();
      payload.metadata['conformance:after-next'] = 'kept';
    });
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const result = h.archive.messages('s1').find((message) => message.role === 'tool');
    assert.equal('ARC-4', result?.metadata['conformance:after-next'], 'kept', {
      rule: 'a key written into metadata in agent:tool:after must be stored with the tool result, also when written after next',
      subject: 'the key the middleware wrote after next, on the stored tool result',
    });
  },
});

/**
 * [ARC-4] The keys a middleware writes into `metadata` in `agent:tool:after` belong to that one
 * call's result. The near miss shares one metadata object across the calls of a group, so a
 * key written for the first call is stored on every result of the group.
 */
const toolAfterMetadataPerCall = defineCase({
  requirements: ['ARC-4'],
  name: 'a metadata key written in agent:tool:after for one call of a group is stored with that call’s result only',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'alpha' });
    h.tools.define({ name: 'beta' });
    h.hooks.middleware('agent:tool:after', async (payload, next) => {
      if (payload.name === 'alpha') payload.metadata['conformance:written-for'] = 'alpha';
      await next();
    });
    h.model.script([{ toolCalls: [{ name: 'alpha' }, { name: 'beta' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const { results } = toolGroup(h, 's1');
    const resultOf = (name: string) =>
      assert.defined(
        'ARC-4',
        results.find((message) => message.content.includes(`${name}: ok`)),
        {
          rule: 'every tool call of a group must persist its tool result',
          subject: `the persisted result of ${name}`,
        },
      );
    assert.equal('ARC-4', resultOf('alpha').metadata['conformance:written-for'], 'alpha', {
      rule: 'a key written into metadata in agent:tool:after must be stored with that tool result',
      subject: 'the key on the result of the call it was written for',
    });
    assert.equal('ARC-4', resultOf('beta').metadata['conformance:written-for'], undefined, {
      rule: "the metadata of agent:tool:after belongs to its call: a key written for one call must not be stored on another call's result",
      subject: 'the key on the result of the other call of the group',
    });
  },
});

/**
 * [ARC-6] The opening inputs are archived first thing in the turn's default action, before the
 * turn resolves its model: a turn whose model cannot be resolved ends as `error` with its
 * input in history. The near miss archives them only once a model was found.
 */
const openingArchivedWithoutModel = defineCase({
  requirements: ['ARC-6'],
  name: 'a turn whose model cannot be resolved has still archived its opening input',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.setDefault(undefined);
    await sendHuman(context, 's1', 'question').done;
    const turn = assert.defined('ARC-6', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn',
    });
    const write = assert.defined('ARC-6', incomingWrites(h, 'question')[0], {
      rule: "opening inputs must be archived at the very start of the turn's default action, before it looks for a model",
      subject: 'the archive write of the opening input of a turn without a model',
    });
    assert.that('ARC-6', write.incoming?.turnId === turn.turnId && write.incoming?.entry === 'opened', {
      rule: 'opening inputs must be archived with the turn id and entry "opened"',
      observed: `the input was archived with ${JSON.stringify(write.incoming)}`,
    });
  },
});

/**
 * [ARC-8] The turn record is stored before `agent:turn:after`: its write is awaited, not only
 * started. On a store that answers slowly, a middleware of `agent:turn:after` must find the
 * record on the reply. The near miss starts the write and runs the hook at once.
 */
const recordStoredBeforeTurnAfter = defineCase({
  requirements: ['ARC-8'],
  name: 'on a slow store the turn record is already stored when agent:turn:after runs',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const slow = createGate();
    h.archive.holdNext('updateMetadata', slow);
    let seen: unknown = 'agent:turn:after did not run';
    h.hooks.middleware('agent:turn:after', async (_payload, next) => {
      seen = storedReplies(h, 's1').at(-1)?.metadata[Keys.TurnRecord];
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    const input = sendHuman(context, 's1', 'question');
    await h.settle();
    slow.open();
    await input.done;
    assert.that('ARC-8', (seen as { outcome?: unknown } | undefined)?.outcome === 'replied', {
      rule: 'the turn record must be stored on the last reply before agent:turn:after runs: its write is awaited',
      observed: `agent:turn:after found ${JSON.stringify(seen)} as the record of the stored reply`,
    });
  },
});

/** The cases of the ARC family ([ARC-1]..[ARC-9]). */
/**
 * [ARC-2] Two identical tool calls of one response (same tool, same arguments) are two calls,
 * each answered by a persisted result with its own call id (see `repeated-call.ts`).
 */
const repeatedCallRecorded = repeatedCallCase('ARC-2', 'gets a persisted result with its call id', (h) => {
  const recorded = h.archive
    .messages('s1')
    .filter((message) => message.role === 'tool' && message.metadata[Keys.CallId] !== undefined);
  assert.equal('ARC-2', new Set(recorded.map((message) => message.metadata[Keys.CallId])).size, 2, {
    rule: 'every tool call must be answered by a persisted tool result recording its callId, also a repeated one',
    subject: 'the distinct call ids on the persisted tool results of two identical calls',
  });
});

export const ARC_CASES = [
  groupsCarryTurnId,
  groupRecordsCalls,
  failedCallsCarryCallId,
  replyMetadata,
  selfIdentity,
  visibleBody,
  toolAfterMetadata,
  roomLastReplyOnly,
  roomRetryNotSent,
  openingArchivedFirst,
  queuedNotInHistory,
  rollbackExact,
  rollbackStoppedTurn,
  recordOnReply,
  recordOnLastReply,
  markerCase('silent', { text: '' }),
  markerCase('error', { throws: 'the model is down' }),
  idleTurnsRecorded,
  blockedNoRecord,
  stopMarker,
  stopMarkerForToolGroup,
  failedCallsNeverExecute,
  replyTokensSumReported,
  replyGroupWithName,
  stopMarkerOnlyWhenAborted,
  noStopMarkerWithoutHistory,
  resultRecordsItsContextCallId,
  replyTokensCountRetriedCall,
  toolAfterMetadataAfterNext,
  toolAfterMetadataPerCall,
  openingArchivedWithoutModel,
  recordStoredBeforeTurnAfter,
  repeatedCallRecorded,
  privateRoomToolTextNotSent,
];
