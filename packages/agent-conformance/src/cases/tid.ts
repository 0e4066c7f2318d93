import { assert } from '../assert';
import { defineCase } from '../define-case';
import { incomingWrites, outbound, sendHuman, session, streamChunks, turns, usageOf } from './scenario';

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
    assert.equal('TID-1', ids.length, 3, 'the number of turns');
    for (const id of ids)
      assert.that(
        'TID-1',
        typeof id === 'string' && id.length > 0,
        `expected a non-empty string turn id, got ${String(id)}`,
      );
    assert.equal('TID-1', new Set(ids).size, 3, 'the number of distinct turn ids');
  },
});

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
    const turn = assert.defined('TID-2', turns(h, 's1')[0], 'the turn');
    const id = turn.turnId;
    assert.equal('TID-2', turn.after?.turnId, id, 'the turn id of agent:turn:after');
    assert.equal(
      'TID-2',
      incomingWrites(h, 'question')[0]?.incoming?.turnId,
      id,
      'the turn id the input was archived with',
    );
    const chunks = streamChunks(h, 's1');
    assert.that(
      'TID-2',
      chunks.some((chunk) => chunk.type === 'content'),
      'expected streamed content chunks, got none',
    );
    for (const chunk of chunks) {
      if (chunk.type !== 'end' || chunk.turnId !== undefined)
        assert.equal('TID-2', chunk.turnId, id, `the turn id of a ${chunk.type} chunk`);
    }
    const toolCall = assert.defined('TID-2', h.tools.calls[0], 'the tool call');
    assert.equal('TID-2', toolCall.context.turnId, id, 'the turn id of the ToolCallContext');
    const executed = h.events.of('tool:execute');
    assert.that('TID-2', executed.length > 0, 'expected a tool:execute event, got none');
    for (const event of executed)
      assert.equal('TID-2', event.payload.toolCallContext.turnId, id, 'the turn id of tool:execute');
    const usage = usageOf(h, { sessionId: 's1' });
    assert.that('TID-2', usage.length > 0, 'expected token:usage events, got none');
    for (const event of usage) assert.equal('TID-2', event.turnId, id, 'the turn id of token:usage');
    const sent = outbound(h, 's1');
    assert.that('TID-2', sent.length > 0, 'expected an outbound:message, got none');
    for (const message of sent) assert.equal('TID-2', message.turnId, id, 'the turn id of outbound:message');
  },
});

const turnIdOnNotices = defineCase({
  requirements: ['TID-2'],
  name: 'the error notice of a turn carries its turn id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ throws: 'the model is down' }]);
    await sendHuman(context, 's1', 'question').done;
    const id = assert.defined('TID-2', turns(h, 's1')[0]?.turnId, 'the turn id');
    const sent = outbound(h, 's1');
    assert.that('TID-2', sent.length > 0, 'expected the error notice on outbound:message, got none');
    for (const message of sent) assert.equal('TID-2', message.turnId, id, 'the turn id of the error notice');
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
    assert.equal('TID-3', ids.length, 3, 'the number of tool calls');
    for (const id of ids)
      assert.that(
        'TID-3',
        typeof id === 'string' && id.length > 0,
        `expected a non-empty call id, got ${String(id)}`,
      );
    assert.equal('TID-3', new Set(ids).size, 3, 'the number of distinct call ids');
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
    assert.that('TID-4', snapshots.length > 0, 'expected a token:usage snapshot, got none');
    for (const event of snapshots)
      assert.equal('TID-4', event.payload.turnId, undefined, 'the turn id of a snapshot');
  },
});

/** The cases of the TID family ([TID-1]..[TID-4]). */
export const TID_CASES = [
  freshTurnIds,
  turnIdEverywhere,
  turnIdOnNotices,
  uniqueCallIds,
  snapshotsWithoutTurn,
];
