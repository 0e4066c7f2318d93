import { isTextRef, TURN_OUTCOMES } from '@aalis/schema-message';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdTurn, outbound, sendHuman, session, storedReplies, streamChunks, turns } from './scenario';

const repliedPersisted = defineCase({
  requirements: ['OUT-1'],
  name: 'a replied turn has its final reply in history, persisted after the last model call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'the final words' }]);
    await sendHuman(context, 's1', 'question').done;
    const after = assert.defined('OUT-1', turns(h, 's1')[0]?.after, 'agent:turn:after');
    assert.equal('OUT-1', after.outcome, 'replied', 'the outcome');
    const reply = assert.defined('OUT-1', after.reply, 'the reply of agent:turn:after');
    const stored = h.archive.messages('s1').find((message) => message.id === reply.id);
    assert.that(
      'OUT-1',
      stored?.content.includes('the final words') === true,
      'expected the reply stored in history, got it missing',
    );
    const write = h.archive.writes.find((candidate) =>
      candidate.messages.some((message) => message.id === reply.id),
    );
    const last = h.model.requests.at(-1)!;
    assert.that(
      'OUT-1',
      (write?.seq ?? 0) > (last.endSeq ?? 0),
      'expected the reply persisted after the last model call, got it earlier',
    );
  },
});

const othersNoReply = defineCase({
  requirements: ['OUT-1'],
  name: 'silent, aborted and error turns persist no final reply',
  run: async (context) => {
    const h = context.harness;
    for (const id of ['silent', 'aborted', 'error']) session(h, id);
    h.model.script([{ text: '' }]);
    await sendHuman(context, 'silent', 'question').done;
    const held = await holdTurn(context, { sessionId: 'aborted', content: 'question', untilAborted: true });
    context.agent.abort('aborted');
    await held.input.done;
    h.model.script([{ throws: 'the model is down' }]);
    await sendHuman(context, 'error', 'question').done;
    for (const outcome of ['silent', 'aborted', 'error'] as const) {
      const after = assert.defined(
        'OUT-1',
        turns(h, outcome)[0]?.after,
        `agent:turn:after of the ${outcome} turn`,
      );
      assert.that(
        'OUT-1',
        (TURN_OUTCOMES as readonly string[]).includes(after.outcome),
        `expected an outcome of ${TURN_OUTCOMES.join(', ')}, got ${after.outcome}`,
      );
      assert.equal('OUT-1', after.outcome, outcome, 'the outcome');
      assert.equal('OUT-1', after.reply, undefined, `the reply of the ${outcome} turn`);
      assert.equal(
        'OUT-1',
        storedReplies(h, outcome).length,
        0,
        `the persisted replies of the ${outcome} turn`,
      );
    }
  },
});

const errorSentence = defineCase({
  requirements: ['OUT-2'],
  name: 'an error turn carries one sentence, the notice sent to the session, and other outcomes none',
  run: async (context) => {
    const h = context.harness;
    session(h, 'failing');
    session(h, 'fine');
    h.model.script([{ throws: 'the model is down' }, { text: 'all good' }]);
    await sendHuman(context, 'failing', 'question').done;
    await sendHuman(context, 'fine', 'question').done;
    const after = assert.defined(
      'OUT-2',
      turns(h, 'failing')[0]?.after,
      'agent:turn:after of the error turn',
    );
    const error = assert.defined('OUT-2', after.error, 'the error of the error turn');
    const text = typeof error === 'string' ? error : (error.fallback ?? error.key);
    assert.that(
      'OUT-2',
      typeof error === 'string' || isTextRef(error),
      `expected a string or TextRef, got ${JSON.stringify(error)}`,
    );
    assert.that(
      'OUT-2',
      text.trim().length > 0 && !text.includes('\n'),
      `expected one sentence, got ${JSON.stringify(text)}`,
    );
    const notice = outbound(h, 'failing').find(
      (message) => typeof error !== 'string' || message.content.includes(error),
    );
    assert.that(
      'OUT-2',
      notice !== undefined,
      'expected the error sentence sent to the session, got no such outbound message',
    );
    assert.equal('OUT-2', turns(h, 'fine')[0]?.after?.error, undefined, 'the error of a replied turn');
  },
});

const noModel = defineCase({
  requirements: ['OUT-2'],
  name: 'a turn whose model cannot be resolved ends as error with a notice to the session',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.setDefault(undefined);
    await sendHuman(context, 's1', 'question').done;
    const after = assert.defined('OUT-2', turns(h, 's1')[0]?.after, 'agent:turn:after');
    assert.equal('OUT-2', after.outcome, 'error', 'the outcome without a model');
    assert.defined('OUT-2', after.error, 'the error without a model');
    assert.equal('OUT-2', h.model.requests.length, 0, 'the model calls without a model');
    assert.that('OUT-2', outbound(h, 's1').length > 0, 'expected a notice sent to the session, got none');
  },
});

function ends(context: Parameters<typeof repliedPersisted.run>[0], sessionId: string) {
  return streamChunks(context.harness, sessionId).filter((chunk) => chunk.type === 'end');
}

const oneEndPerHandled = defineCase({
  requirements: ['OUT-3'],
  name: 'every handled input gets exactly one stream end marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'one', deltas: ['o', 'ne'] }, { text: 'two' }, { throws: 'failure' }]);
    await sendHuman(context, 's1', 'first').done;
    await sendHuman(context, 's1', 'second').done;
    await sendHuman(context, 's1', 'third').done;
    await h.settle();
    assert.equal('OUT-3', ends(context, 's1').length, 3, 'the stream end markers of three handled inputs');
  },
});

const oneEndPerDropped = defineCase({
  requirements: ['OUT-3'],
  name: 'a dropped input and a blocked turn each get exactly one stream end marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      if (payload.message.content !== 'dropped') await next();
    });
    h.hooks.middleware('agent:turn:before', async () => undefined);
    await sendHuman(context, 's1', 'dropped').done;
    await sendHuman(context, 's1', 'blocked').done;
    await h.settle();
    assert.equal(
      'OUT-3',
      ends(context, 's1').length,
      2,
      'the stream end markers of a dropped and a blocked input',
    );
  },
});

/** The cases of the OUT family ([OUT-1]..[OUT-3]). */
export const OUT_CASES = [
  repliedPersisted,
  othersNoReply,
  errorSentence,
  noModel,
  oneEndPerHandled,
  oneEndPerDropped,
];
