import { assert } from '../assert';
import { defineCase } from '../define-case';
import type { Harness } from '../harness/harness';
import { repeatedCallCase } from './repeated-call';
import {
  holdTurn,
  incomingWrites,
  outbound,
  sendHuman,
  session,
  streamChunks,
  turns,
  usageOf,
} from './scenario';

const freshTurnIds = defineCase({
  requirements: ['TID-1'],
  name: 'each turn gets a fresh unique turn id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    session(h, 's2');
    h.model.script([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    await sendHuman(context, 's1', 'first').done;
    await sendHuman(context, 's1', 'second').done;
    await sendHuman(context, 's2', 'third').done;
    const ids = turns(h).map((turn) => turn.turnId);
    assert.equal('TID-1', ids.length, 3, {
      rule: 'every input must open its own turn here',
      subject: 'the number of turns',
    });
    for (const id of ids)
      assert.that('TID-1', typeof id === 'string' && id.length > 0, {
        rule: 'each turn must get a non-empty string turn id',
        observed: `the turn id was ${String(id)}`,
      });
    assert.equal('TID-1', new Set(ids).size, 3, {
      rule: 'each turn must get a fresh unique turn id',
      subject: 'the number of distinct turn ids',
    });
  },
});

/** Checks that every streamed chunk of `s1` carries turn id `id` ([TID-2]). */
function assertStreamCarries(h: Harness, id: string): void {
  const chunks = streamChunks(h, 's1');
  assert.that(
    'TID-2',
    chunks.some((chunk) => chunk.type === 'content'),
    { rule: 'a turn must stream its content on outbound:stream', observed: 'no content chunk was streamed' },
  );
  for (const chunk of chunks) {
    if (chunk.type !== 'end' || chunk.turnId !== undefined)
      assert.equal('TID-2', chunk.turnId, id, {
        rule: "every outbound:stream chunk must carry its turn's id",
        subject: `the turn id of a ${chunk.type} chunk`,
      });
  }
}

/** Checks that the tool call's context and its `tool:execute` event carry turn id `id` ([TID-2]). */
function assertToolCallCarries(h: Harness, id: string): void {
  const toolCall = assert.defined('TID-2', h.tools.calls[0], {
    rule: "the model's tool call must be executed",
    subject: 'the tool call',
  });
  assert.equal('TID-2', toolCall.context.turnId, id, {
    rule: "the ToolCallContext must carry its turn's id",
    subject: 'the turn id of the ToolCallContext',
  });
  const executed = h.events.of('tool:execute');
  assert.that('TID-2', executed.length > 0, {
    rule: 'a tool call must emit tool:execute',
    observed: 'no tool:execute event was emitted',
  });
  for (const event of executed)
    assert.equal('TID-2', event.payload.toolCallContext.turnId, id, {
      rule: "tool:execute must carry its turn's id",
      subject: 'the turn id of tool:execute',
    });
}

/** Checks that the usage events and replies of `s1` carry turn id `id` ([TID-2]). */
function assertUsageAndRepliesCarry(h: Harness, id: string): void {
  const usage = usageOf(h, { sessionId: 's1' });
  assert.that('TID-2', usage.length > 0, {
    rule: 'every model call must be followed by token:usage',
    observed: 'no token:usage event was emitted',
  });
  for (const event of usage)
    assert.equal('TID-2', event.turnId, id, {
      rule: 'every token:usage of a turn must carry its turn id',
      subject: 'the turn id of token:usage',
    });
  const sent = outbound(h, 's1');
  assert.that('TID-2', sent.length > 0, {
    rule: 'a replied turn must hand out its reply on outbound:message',
    observed: 'no outbound:message was sent',
  });
  for (const message of sent)
    assert.equal('TID-2', message.turnId, id, {
      rule: "outbound:message of a reply must carry its turn's id (OutgoingMessage.turnId)",
      subject: 'the turn id of outbound:message',
    });
}

const turnIdEverywhere = defineCase({
  requirements: ['TID-2'],
  name: 'the turn id is on its hooks, archived inputs, stream chunks, tool calls, usage and replies',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'lookup' }], text: '' },
      { text: 'final answer', deltas: ['final ', 'answer'] },
    ]);
    await sendHuman(context, 's1', 'question').done;
    const turn = assert.defined('TID-2', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn',
    });
    const id = turn.turnId;
    assert.equal('TID-2', turn.after?.turnId, id, {
      rule: 'agent:turn:after must carry the same turn id as agent:turn:before',
      subject: 'the turn id of agent:turn:after',
    });
    assert.equal('TID-2', incomingWrites(h, 'question')[0]?.incoming?.turnId, id, {
      rule: "inputs must be archived with their turn's id",
      subject: 'the turn id the input was archived with',
    });
    assertStreamCarries(h, id);
    assertToolCallCarries(h, id);
    assertUsageAndRepliesCarry(h, id);
  },
});

/**
 * [TID-2] What an error turn of `s1` sends (set up by `fail`) carries its turn id: `what`
 * names it. Whether an error turn sends a notice at all is the reference implementation's
 * choice ([OUT-2]'s wording, checked there): the case checks only that what it sends carries
 * the id.
 */
function noticeCarriesTurnId(name: string, what: string, fail: (h: Harness) => void) {
  return defineCase({
    requirements: ['TID-2'],
    name,
    run: async (context) => {
      const h = context.harness;
      session(h, 's1');
      fail(h);
      await sendHuman(context, 's1', 'question').done;
      const id = assert.defined('TID-2', turns(h, 's1')[0]?.turnId, {
        rule: 'every input must open a turn',
        subject: 'the turn id',
      });
      for (const message of outbound(h, 's1'))
        assert.equal('TID-2', message.turnId, id, {
          rule: `${what} must carry its turn's id (OutgoingMessage.turnId)`,
          subject: `the turn id of ${what}`,
        });
    },
  });
}

const turnIdOnNotices = noticeCarriesTurnId(
  'the error notice of a turn carries its turn id',
  'the error notice',
  (h) => h.model.script([{ throws: 'the model is down' }]),
);

/**
 * The notice a turn sends when no model can be resolved is a message of that turn like any
 * other. The near miss treats it as a notice about the session and sends it without an id.
 */
const turnIdOnNoModelNotice = noticeCarriesTurnId(
  'the notice of a turn whose model cannot be resolved carries its turn id',
  'the notice that no model could be resolved',
  (h) => h.model.setDefault(undefined),
);

// Outside rooms the contract neither requires nor forbids sending the text said alongside tool
// calls ([ARC-5] restricts rooms only); whatever a turn hands out must carry its id.
const turnIdOnEarlyText = defineCase({
  requirements: ['TID-2'],
  name: 'every message a turn hands out, text said alongside its tool calls included, carries its turn id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([{ text: 'let me check', toolCalls: [{ name: 'lookup' }] }, { text: 'final answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const id = assert.defined('TID-2', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id',
    });
    const sent = h.events.of('outbound:message').map((event) => event.payload.message);
    assert.that(
      'TID-2',
      sent.some((message) => message?.content === 'final answer'),
      {
        rule: 'a replied turn must hand out its final reply on outbound:message',
        observed: 'the final reply was not handed out',
      },
    );
    for (const message of sent) {
      assert.that('TID-2', message?.sessionId === 's1' && message.turnId === id, {
        rule: "every outbound:message of a turn must carry its session and its turn's id (OutgoingMessage.turnId)",
        observed: `the turn handed out ${JSON.stringify(message)}`,
      });
      assert.that('TID-2', [undefined, 'reply', 'notice'].includes(message.kind), {
        rule: 'a message handed to the platform is an OutgoingMessage: its kind is reply (the default) or notice',
        observed: `a message went out with the kind ${JSON.stringify(message.kind)}`,
      });
    }
  },
});

/**
 * [TID-2] A turn's stream end markers are stream chunks of that turn: they carry its id. Only
 * the marker of an input that never entered a turn (dropped, released) goes without one. The
 * near miss sends a turn's markers in that shape too.
 */
/**
 * [TID-2] Every turn's chunks carry that turn's id, the second turn of a session as much as the
 * first. The near miss makes a chunk's session and turn id once per session and reuses them, so
 * a later turn streams under the first one's id.
 */
const streamOfEachTurn = defineCase({
  requirements: ['TID-2'],
  name: 'the stream chunks of the second turn of a session carry the second turn’s id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([
      { text: 'first answer', deltas: ['first ', 'answer'] },
      { text: 'second answer', deltas: ['second ', 'answer'] },
    ]);
    await sendHuman(context, 's1', 'first question').done;
    await sendHuman(context, 's1', 'second question').done;
    const [first, second] = turns(h, 's1');
    const secondId = assert.defined('TID-2', second?.turnId, {
      rule: 'every input sent after the previous turn ended must open a turn',
      subject: 'the turn id of the second turn',
    });
    const ofSecond = streamChunks(h, 's1').filter(
      (chunk) => chunk.type === 'content' && chunk.text.includes('second'),
    );
    assert.that('TID-2', ofSecond.length > 0, {
      rule: 'a turn must stream its content on outbound:stream',
      observed: 'no content chunk of the second turn was streamed',
    });
    for (const chunk of ofSecond)
      assert.equal('TID-2', chunk.turnId, secondId, {
        rule: "every outbound:stream chunk must carry its own turn's id, in every turn of the session",
        subject: `the turn id of a chunk of the second turn (the first turn's was ${first?.turnId})`,
      });
  },
});

const turnIdOnEndMarkers = defineCase({
  requirements: ['TID-2'],
  name: 'the stream end marker of a turn’s input carries the turn id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const id = assert.defined('TID-2', turns(h, 's1')[0]?.turnId, {
      rule: 'every input must open a turn',
      subject: 'the turn id',
    });
    for (const chunk of streamChunks(h, 's1').filter((candidate) => candidate.type === 'end'))
      assert.equal('TID-2', chunk.turnId, id, {
        rule: "every outbound:stream chunk of a turn, the end marker of its input included, must carry the turn's id",
        subject: 'the turn id of the end marker of an input that ran in a turn',
      });
  },
});

const uniqueCallIds = defineCase({
  requirements: ['TID-3'],
  name: 'each tool call gets its own call id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'alpha' });
    h.tools.define({ name: 'beta' });
    h.model.script([
      { toolCalls: [{ name: 'alpha' }, { name: 'beta' }] },
      { toolCalls: [{ name: 'alpha' }] },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'use tools').done;
    const ids = h.tools.calls.map((call) => call.context.callId);
    assert.equal('TID-3', ids.length, 3, {
      rule: 'every tool call of the model must be executed',
      subject: 'the number of tool calls',
    });
    for (const id of ids)
      assert.that('TID-3', typeof id === 'string' && id.length > 0, {
        rule: 'each tool call must have a non-empty call id',
        observed: `the call id was ${String(id)}`,
      });
    assert.equal('TID-3', new Set(ids).size, 3, {
      rule: 'each tool call must have its own unique call id',
      subject: 'the number of distinct call ids',
    });
  },
});

const snapshotsWithoutTurn = defineCase({
  requirements: ['TID-4'],
  name: 'usage snapshots answering token:request carry no turn id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'hello' }]);
    await sendHuman(context, 's1', 'hi').done;
    await h.events.emit('token:request', { sessionIds: ['s1'] });
    await h.settle();
    const snapshots = h.events.of('token:usage').filter((event) => event.payload.snapshot === true);
    assert.that('TID-4', snapshots.length > 0, {
      rule: 'token:request must be answered with a token:usage snapshot',
      observed: 'no token:usage snapshot was emitted',
    });
    for (const event of snapshots)
      assert.equal('TID-4', event.payload.turnId, undefined, {
        rule: 'usage snapshots answering token:request must carry no turn id',
        subject: 'the turn id of a snapshot',
      });
  },
});

/** The cases of the TID family ([TID-1]..[TID-4]). */
/**
 * [TID-1] "Fresh" outlives the session's state: a turn id must not repeat after the session's
 * history was cleared or the session was deleted and made again under the same id. The near
 * miss is a per-session counter that starts over, whose ids then match turns already archived
 * (a rollback or a crash recovery by turn id would take the old turn's messages with it).
 */
const freshAfterClearAndDelete = defineCase({
  requirements: ['TID-1'],
  name: 'turn ids do not repeat after the session is cleared, or deleted and made again under its id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    await sendHuman(context, 's1', 'first').done;
    await context.agent.clearing(['s1'], async () => undefined);
    await sendHuman(context, 's1', 'after clearing').done;
    const generation = h.sessions.advanceGeneration('s1');
    await h.events.emit('session:deleted', { sessionId: 's1', generation });
    await sendHuman(context, 's1', 'after deletion').done;
    const ids = turns(h, 's1').map((turn) => turn.turnId);
    assert.equal('TID-1', ids.length, 3, {
      rule: 'every input must open its own turn here',
      subject: 'the number of turns of s1',
    });
    assert.equal('TID-1', new Set(ids).size, 3, {
      rule: 'each turn must get a fresh unique turn id, also after its session was cleared or deleted and made again',
      subject: `the distinct turn ids of s1 (${ids.join(', ')})`,
    });
  },
});

/**
 * [TID-4] A snapshot is in no turn even while a turn of its session runs: the near miss lends
 * it the running turn's id, which consumers acting on usage (auto-compaction) then count as
 * that turn's call.
 */
const snapshotMidTurnWithoutTurn = defineCase({
  requirements: ['TID-4', 'USG-8'],
  name: 'a usage snapshot taken while a turn of its session runs carries no turn id either',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'hi' });
    await h.events.emit('token:request', { sessionIds: ['s1'] });
    await h.settle();
    held.gate.open();
    await held.input.done;
    const snapshots = h.events.of('token:usage').filter((event) => event.payload.snapshot === true);
    assert.that('USG-8', snapshots.length > 0, {
      rule: 'token:request must be answered with a token:usage snapshot per session, also while a turn of it runs',
      observed: 'no token:usage snapshot was emitted',
    });
    for (const event of snapshots)
      assert.that('TID-4', !('turnId' in event.payload) || event.payload.turnId === undefined, {
        rule: 'usage snapshots answering token:request must carry no turn id, also while a turn of the session runs',
        observed: `a snapshot carried the turn id ${String(event.payload.turnId)}`,
      });
  },
});

/**
 * [TID-1] The turn a leftover insertion opens ([SCH-3]) is a turn of its own, with a fresh id:
 * the near miss lets it carry on the id of the turn it had meant to join, so a rollback by turn
 * id would take both turns.
 */
const leftoverInsertionFreshTurnId = defineCase({
  requirements: ['TID-1'],
  name: 'the turn a leftover insertion opens gets a turn id of its own',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'opening', reply: 'reply' });
    const leftover = sendHuman(context, 's1', 'arrived after the last call');
    h.model.script([{ text: 'second reply' }]);
    await h.settle();
    held.gate.open();
    await Promise.all([held.input.done, leftover.done]);
    const ids = turns(h, 's1').map((turn) => turn.turnId);
    assert.that('TID-1', ids.length === 2 && ids[0] !== ids[1], {
      rule: 'each turn must get a fresh unique turn id, the turn a leftover insertion opens included',
      observed: `the turns of s1 had the ids ${JSON.stringify(ids)}`,
    });
  },
});

/**
 * [TID-1] A turn blocked at `agent:turn:before` had started (「一轮开始」): its id was given and is
 * not given again. The near miss hands the id of a blocked turn to the next turn, which then
 * shares it with a turn the hooks already saw.
 */
const blockedTurnIdNotReused = defineCase({
  requirements: ['TID-1'],
  name: 'the turn after one blocked at agent:turn:before gets a turn id of its own',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    let blocked = false;
    h.hooks.middleware('agent:turn:before', async (_payload, next) => {
      if (blocked) return next();
      blocked = true;
    });
    h.model.script([{ text: 'answered' }]);
    await sendHuman(context, 's1', 'blocked at the start').done;
    await sendHuman(context, 's1', 'answered').done;
    const ids = turns(h, 's1').map((turn) => turn.turnId);
    assert.that('TID-1', ids.length === 2 && ids[0] !== ids[1], {
      rule: 'each turn must get a fresh unique turn id when it starts, a turn blocked at agent:turn:before included',
      observed: `the turns of s1 reached agent:turn:before with the ids ${JSON.stringify(ids)}`,
    });
  },
});

/**
 * [TID-3] The call id is the agent's, not the model's: a model that numbers its tool calls
 * afresh in each response (`call_0` every time) still gets two calls with two call ids. The
 * near miss takes the model's id as the call id.
 */
const callIdsOverModelIds = defineCase({
  requirements: ['TID-3'],
  name: 'two tool calls get two call ids when the model gives both the same id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup' });
    h.model.script([
      { toolCalls: [{ name: 'lookup', id: 'call_0' }] },
      { toolCalls: [{ name: 'lookup', id: 'call_0' }] },
      { text: 'done' },
    ]);
    await sendHuman(context, 's1', 'look twice').done;
    const ids = h.tools.calls.map((call) => call.context.callId);
    assert.that('TID-3', ids.length === 2 && ids[0] !== ids[1], {
      rule: "each tool call must have its own unique call id, also when the model's ids repeat",
      observed: `the tool calls ran with the call ids ${JSON.stringify(ids)}`,
    });
  },
});

/**
 * [TID-3] Two identical tool calls of one response (same tool, same arguments) are two calls,
 * each with its own call id (see `repeated-call.ts`).
 */
const repeatedCallOwnId = repeatedCallCase('TID-3', 'runs with a call id of its own', (h) => {
  const callIds = h.tools.calls.map((call) => call.context.callId);
  assert.that('TID-3', callIds.length === 2 && new Set(callIds).size === 2, {
    rule: 'each tool call must have its own unique callId, also two calls with the same tool and arguments',
    observed: `the tool ran ${callIds.length} time(s) with ${new Set(callIds).size} distinct call id(s)`,
  });
});

export const TID_CASES = [
  freshTurnIds,
  freshAfterClearAndDelete,
  turnIdEverywhere,
  turnIdOnNotices,
  turnIdOnEarlyText,
  uniqueCallIds,
  snapshotsWithoutTurn,
  snapshotMidTurnWithoutTurn,
  leftoverInsertionFreshTurnId,
  turnIdOnNoModelNotice,
  turnIdOnEndMarkers,
  streamOfEachTurn,
  blockedTurnIdNotReused,
  callIdsOverModelIds,
  repeatedCallOwnId,
];
