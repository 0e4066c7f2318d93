import { isTextRef, TURN_OUTCOMES } from '@aalis/schema-message';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { createGate } from '../harness/gate';
import {
  endMarkers,
  holdTurn,
  outbound,
  runEveryExitPath,
  secondInputDuringToolCall,
  sendHuman,
  session,
  storedReplies,
  turns,
} from './scenario';

const repliedPersisted = defineCase({
  requirements: ['OUT-1'],
  name: 'a replied turn has its final reply in history, persisted after the last model call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'the final words' }]);
    await sendHuman(context, 's1', 'question').done;
    const after = assert.defined('OUT-1', turns(h, 's1')[0]?.after, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'agent:turn:after',
    });
    assert.equal('OUT-1', after.outcome, 'replied', {
      rule: 'every turn must end with agent:turn:after',
      subject: 'the outcome',
    });
    const reply = assert.defined('OUT-1', after.reply, {
      rule: 'a replied turn must carry its reply in agent:turn:after',
      subject: 'the reply of agent:turn:after',
    });
    const stored = h.archive.messages('s1').find((message) => message.id === reply.id);
    assert.that('OUT-1', stored?.content.includes('the final words') === true, {
      rule: 'on outcome "replied" the final reply must be in history',
      observed: 'the reply "the final words" was not stored',
    });
    const write = h.archive.writes.find((candidate) =>
      candidate.messages.some((message) => message.id === reply.id),
    );
    const last = h.model.requests.at(-1)!;
    assert.that('OUT-1', (write?.seq ?? 0) > (last.endSeq ?? 0), {
      rule: 'on outcome "replied" the final reply must be persisted after the last model call',
      observed: 'the reply was persisted before the last model call ended',
    });
  },
});

const othersNoReply = defineCase({
  requirements: ['OUT-1'],
  name: 'silent, aborted and error turns persist no final reply',
  run: async (context) => {
    const h = context.harness;
    await runEveryExitPath(context);
    for (const outcome of ['silent', 'aborted', 'error'] as const) {
      const after = assert.defined('OUT-1', turns(h, outcome)[0]?.after, {
        rule: 'every turn must end with agent:turn:after',
        subject: `agent:turn:after of the ${outcome} turn`,
      });
      assert.that('OUT-1', (TURN_OUTCOMES as readonly string[]).includes(after.outcome), {
        rule: 'the outcome must be one of replied, silent, aborted, error',
        observed: `the outcome was ${after.outcome}`,
      });
      assert.equal('OUT-1', after.outcome, outcome, {
        rule: 'the outcome must be one of replied, silent, aborted, error',
        subject: 'the outcome',
      });
      assert.equal('OUT-1', after.reply, undefined, {
        rule: 'a silent, aborted or error turn must carry no reply',
        subject: `the reply of the ${outcome} turn`,
      });
      assert.equal('OUT-1', storedReplies(h, outcome).length, 0, {
        rule: 'a silent, aborted or error turn must persist no final reply',
        subject: `the persisted replies of the ${outcome} turn`,
      });
    }
  },
});

const errorSentence = defineCase({
  requirements: ['OUT-2'],
  name: 'an error turn carries one sentence naming the failure, and other outcomes none',
  run: async (context) => {
    const h = context.harness;
    session(h, 'failing');
    session(h, 'fine');
    h.model.script([{ throws: 'the model is down' }, { text: 'all good' }]);
    await sendHuman(context, 'failing', 'question').done;
    await sendHuman(context, 'fine', 'question').done;
    const after = assert.defined('OUT-2', turns(h, 'failing')[0]?.after, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'agent:turn:after of the error turn',
    });
    const error = assert.defined('OUT-2', after.error, {
      rule: 'a turn with outcome "error" must carry an error',
      subject: 'the error of the error turn',
    });
    const text = typeof error === 'string' ? error : (error.fallback ?? error.key);
    assert.that('OUT-2', typeof error === 'string' || isTextRef(error), {
      rule: 'the error of an error turn must be a string or a TextRef',
      observed: `the error was ${JSON.stringify(error)}`,
    });
    assert.that('OUT-2', text.trim().length > 0 && !text.includes('\n'), {
      rule: 'the error of an error turn must be one sentence naming the failure',
      observed: `the error was ${JSON.stringify(text)}`,
    });
    assert.equal('OUT-2', turns(h, 'fine')[0]?.after?.error, undefined, {
      rule: 'turns with another outcome than "error" must carry no error',
      subject: 'the error of a replied turn',
    });
  },
});

/**
 * [OUT-2] 「error 是一句原因」: the sentence gives the reason of the failure, so two turns that
 * failed for different reasons — the model, and the store refusing the opening inputs — do not
 * carry the same sentence. Any wording will do; the near miss gives every failure one fixed
 * polite sentence and keeps the reason for the log.
 */
const errorGivesItsReason = defineCase({
  requirements: ['OUT-2'],
  name: 'turns that failed for different reasons do not carry the same error sentence',
  run: async (context) => {
    const h = context.harness;
    session(h, 'model-down');
    session(h, 'store-down');
    h.model.script([{ throws: 'the model is down' }]);
    await sendHuman(context, 'model-down', 'question').done;
    h.archive.failNext('archiveIncoming');
    await sendHuman(context, 'store-down', 'question').done;
    const errors = ['model-down', 'store-down'].map((sessionId) => {
      const after = turns(h, sessionId)[0]?.after;
      assert.equal('OUT-2', after?.outcome, 'error', {
        rule: 'a failing model call or archive write must end the turn with outcome "error" (SVC-3)',
        subject: `the outcome of the turn of ${sessionId}`,
      });
      return JSON.stringify(after?.error);
    });
    assert.that('OUT-2', errors[0] !== errors[1], {
      rule: 'the error of an error turn must give the reason of its failure: two different failures cannot carry the same sentence',
      observed: `a failing model call and a store refusing the opening inputs both ended with the error ${errors[0]}`,
    });
  },
});

const noModel = defineCase({
  requirements: ['OUT-2'],
  name: 'a turn whose model cannot be resolved ends as error without a model call',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.setDefault(undefined);
    await sendHuman(context, 's1', 'question').done;
    const after = assert.defined('OUT-2', turns(h, 's1')[0]?.after, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'agent:turn:after',
    });
    assert.equal('OUT-2', after.outcome, 'error', {
      rule: 'a turn whose model cannot be resolved must end with outcome "error"',
      subject: 'the outcome without a model',
    });
    assert.defined('OUT-2', after.error, {
      rule: 'a turn whose model cannot be resolved must end with outcome "error"',
      subject: 'the error without a model',
    });
    assert.equal('OUT-2', h.model.requests.length, 0, {
      rule: 'a turn whose model cannot be resolved must make no model call',
      subject: 'the model calls without a model',
    });
  },
});

/**
 * The [reference] part of [OUT-2]: the error is the sentence of the notice the turn sends to
 * its session, tagged `[错误]`, or `[系统]` when no model could be resolved.
 */
function assertNotice(context: CaseContext, sessionId: string, tag: '[错误]' | '[系统]'): void {
  const h = context.harness;
  const error = assert.defined('OUT-2', turns(h, sessionId)[0]?.after?.error, {
    rule: 'a turn with outcome "error" must carry an error',
    subject: `the error of the turn of ${sessionId}`,
  });
  const notice = outbound(h, sessionId).find((message) => message.content.trimStart().startsWith(tag));
  assert.that('OUT-2', notice !== undefined, {
    rule: `the ${tag} notice must be sent to the session (outbound:message)`,
    observed: `the messages sent to ${sessionId} were ${JSON.stringify(outbound(h, sessionId).map((message) => message.content))}`,
  });
  const sentence = typeof error === 'string' ? error : error.fallback;
  if (sentence === undefined || notice === undefined) return;
  assert.that('OUT-2', notice.content.includes(sentence.trim()), {
    rule: `the error of the turn must be the sentence of the ${tag} notice sent to the session`,
    observed: `the error was ${JSON.stringify(sentence)}, the notice ${JSON.stringify(notice.content)}`,
  });
}

const noticeWording = defineCase({
  requirements: ['OUT-2'],
  requires: ['OUT-2'],
  name: 'the error is the [错误] notice sent to the session, or the [系统] notice when no model resolves',
  run: async (context) => {
    const h = context.harness;
    session(h, 'failing');
    session(h, 'no-model');
    h.model.script([{ throws: 'the model is down' }]);
    await sendHuman(context, 'failing', 'question').done;
    assertNotice(context, 'failing', '[错误]');
    h.model.setDefault(undefined);
    await sendHuman(context, 'no-model', 'question').done;
    assertNotice(context, 'no-model', '[系统]');
  },
});

/**
 * The [reference] part of [OUT-2] when the archive refuses the opening inputs: the turn ends
 * as `error`, and its error is the `[错误]` notice sent to the session with the turn's id
 * ([TID-2]: error notices carry the turn id).
 */
const archiveFailureNotice = defineCase({
  requirements: ['OUT-2', 'TID-2'],
  requires: ['OUT-2'],
  name: 'an archive refusing the opening inputs ends the turn with the [错误] notice, sent with the turn id',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'never asked' }]);
    h.archive.failNext('archiveIncoming');
    await sendHuman(context, 's1', 'question').done;
    const turn = assert.defined('OUT-2', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn',
    });
    assert.equal('OUT-2', turn.after?.outcome, 'error', {
      rule: 'a turn whose opening inputs the archive refused must end with outcome "error" (SVC-3)',
      subject: 'the outcome of the turn',
    });
    assertNotice(context, 's1', '[错误]');
    const notices = outbound(h, 's1').filter((message) => message.content.trimStart().startsWith('[错误]'));
    assert.deepEqual(
      'TID-2',
      notices.map((message) => message.turnId),
      [turn.turnId],
      {
        rule: 'the error notice of a turn must carry its turn id (OutgoingMessage.turnId)',
        subject: 'the turn ids of the [错误] notices sent to the session',
      },
    );
  },
});

const noErrorUnlessError = defineCase({
  requirements: ['OUT-2'],
  name: 'silent and aborted turns carry no error',
  run: async (context) => {
    const h = context.harness;
    session(h, 'silent');
    session(h, 'aborted');
    h.model.script([{ text: '' }]);
    await sendHuman(context, 'silent', 'question').done;
    const held = await holdTurn(context, { sessionId: 'aborted', content: 'question', untilAborted: true });
    // With a reason: it says why the turn was stopped, which is still no failure ([ABT-5]).
    context.agent.abort('aborted', {
      reason: 'the operator stopped it',
      by: { id: 'admin-1', name: 'Admin' },
    });
    await held.input.done;
    for (const outcome of ['silent', 'aborted'] as const) {
      const after = assert.defined('OUT-2', turns(h, outcome)[0]?.after, {
        rule: 'every turn must end with agent:turn:after',
        subject: `agent:turn:after of the ${outcome} turn`,
      });
      assert.equal('OUT-2', after.outcome, outcome, {
        rule: 'the outcome must be one of replied, silent, aborted, error',
        subject: `the outcome of the ${outcome} turn`,
      });
      assert.equal('OUT-2', after.error, undefined, {
        rule: 'only a turn with outcome "error" may carry an error; a stop is not a failure',
        subject: `the error of the ${outcome} turn`,
      });
    }
  },
});

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
    assert.equal('OUT-3', endMarkers(context.harness, 's1').length, 3, {
      rule: 'every handled input must get exactly one stream end marker',
      subject: 'the stream end markers of three handled inputs',
    });
  },
});

/**
 * [OUT-3] One end marker per input, not per turn: an input that joined a running turn is
 * handled too and gets its own. The near miss ends the stream once per turn, so the joined
 * input's platform-side stream is never closed.
 */
const oneEndPerJoined = defineCase({
  requirements: ['OUT-3'],
  name: 'an input that joined a running turn gets its own stream end marker',
  run: async (context) => {
    const h = context.harness;
    await secondInputDuringToolCall(context, 'the opening question', 'a joining question');
    await h.settle();
    assert.equal('OUT-3', turns(h, 's1').length, 1, {
      rule: 'a human input arriving during a human-opened turn joins it (SCH-2)',
      subject: 'the turns of s1',
    });
    assert.equal('OUT-3', endMarkers(context.harness, 's1').length, 2, {
      rule: 'every handled input must get exactly one stream end marker, a joined one included',
      subject: 'the stream end markers of a turn with an opening and a joined input',
    });
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
    assert.equal('OUT-3', endMarkers(context.harness, 's1').length, 2, {
      rule: 'a dropped input and a blocked turn must each get exactly one stream end marker',
      subject: 'the stream end markers of a dropped and a blocked input',
    });
  },
});

/**
 * [OUT-3] A drop meets a running turn: an input an `agent:input:before` middleware drops while
 * a turn of its session runs and streams still gets its own end marker (「不调 next 即丢掉它(…
 * agent 照发流结束标记)」), one per input. The near miss leaves the dropped input's end to the
 * running turn's own marker.
 */
const oneEndForDroppedDuringTurn = defineCase({
  requirements: ['OUT-3'],
  name: 'an input dropped at agent:input:before while a turn of its session runs gets its own stream end marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:input:before', async (payload, next) => {
      if (payload.message.content !== 'dropped meanwhile') await next();
    });
    const held = await holdTurn(context, { sessionId: 's1', content: 'running' });
    await sendHuman(context, 's1', 'dropped meanwhile').done;
    held.gate.open();
    await held.input.done;
    await h.settle();
    assert.equal('OUT-3', endMarkers(context.harness, 's1').length, 2, {
      rule: 'every input must get exactly one stream end marker, one dropped while a turn of its session runs included',
      subject: 'the stream end markers of the running turn’s input and of the input dropped meanwhile',
    });
  },
});

/** Longer than any chat platform lets a person send, and than plugin-agent's default limit. */
const LONG_INPUT = 'x'.repeat(70_000);

const oneEndPerLong = defineCase({
  requirements: ['OUT-3'],
  name: 'an input of 70,000 characters gets exactly one stream end marker, answered or refused',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ text: 'answered the long one' }]);
    await sendHuman(context, 's1', LONG_INPUT).done;
    await h.settle();
    assert.equal('OUT-3', endMarkers(context.harness, 's1').length, 1, {
      rule: 'an input must get exactly one stream end marker, also when the agent refuses it for its length',
      subject: 'the stream end markers of a 70,000-character input',
    });
  },
});

/**
 * The [reference] part of [OUT-2]: the `[错误]` notice is a notice (OutgoingMessage kind
 * `notice`), not a reply of the turn.
 */
const errorNoticeKind = defineCase({
  requirements: ['OUT-2'],
  requires: ['OUT-2'],
  name: 'the [错误] notice of a failed turn is handed out with kind notice',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ throws: 'the model is down' }]);
    await sendHuman(context, 's1', 'question').done;
    const notice = outbound(h, 's1').find((message) => message.content.trimStart().startsWith('[错误]'));
    assert.equal('OUT-2', notice?.kind, 'notice', {
      rule: 'the [错误] notice must be handed out as a notice (OutgoingMessage kind "notice")',
      subject: 'the kind of the [错误] notice',
    });
  },
});

/**
 * [OUT-2] A tool failure the turn goes on from is not the turn's failure: a turn that still
 * replies, or is then aborted, carries no error. The near miss keeps the tool's failure as the
 * turn's error whatever the outcome.
 */
const noErrorAfterToolFailure = defineCase({
  requirements: ['OUT-2'],
  name: 'a turn that goes on after a failed tool call carries no error unless it ends as error',
  run: async (context) => {
    const h = context.harness;
    session(h, 'replied');
    session(h, 'aborted');
    h.tools.define({ name: 'broken', fallback: { throws: 'tool exploded' } });
    h.model.script([{ toolCalls: [{ name: 'missing_tool' }, { name: 'broken' }] }, { text: 'recovered' }]);
    await sendHuman(context, 'replied', 'question').done;
    const [, hanging] = h.model.script([{ toolCalls: [{ name: 'broken' }] }, { untilAborted: true }]);
    const aborted = sendHuman(context, 'aborted', 'question');
    // An agent that ends the turn as error on the tool's failure (SVC-3) never makes the second call.
    await Promise.race([hanging!.started, aborted.done]);
    context.agent.abort('aborted');
    await aborted.done;
    for (const sessionId of ['replied', 'aborted']) {
      const after = assert.defined('OUT-2', turns(h, sessionId)[0]?.after, {
        rule: 'every turn must end with agent:turn:after',
        subject: `agent:turn:after of the ${sessionId} session's turn`,
      });
      if (after.outcome === 'error') continue; // SVC-3 lets a failed tool end the turn as error
      assert.equal('OUT-2', after.error, undefined, {
        rule: 'only a turn with outcome "error" may carry an error; a failed tool call the turn went on from is not one',
        subject: `the error of a ${after.outcome} turn after a failed tool call`,
      });
    }
  },
});

/**
 * [OUT-3] A turn blocked at `agent:turn:before` may hold several inputs (a human head takes the
 * humans behind it, [SCH-6]); each of them gets its own end marker. The near miss ends a
 * blocked turn's stream once, as if it held one input.
 */
const oneEndPerBlockedInput = defineCase({
  requirements: ['OUT-3'],
  name: 'every input of a turn blocked at agent:turn:before gets its own stream end marker',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'scheduled job', injection: true });
    h.hooks.middleware('agent:turn:before', async (payload, next) => {
      if (payload.inputs.some((input) => input.message.content === 'first human')) return;
      await next();
    });
    h.model.script([{ text: 'answered the second on its own' }]);
    const humans = [sendHuman(context, 's1', 'first human'), sendHuman(context, 's1', 'second human')];
    await h.settle();
    held.gate.open();
    await Promise.all([held.input.done, ...humans.map((input) => input.done)]);
    await h.settle();
    assert.equal('OUT-3', endMarkers(context.harness, 's1').length, 3, {
      rule: 'every input handled, dropped or blocked must get exactly one stream end marker, each input of a blocked turn included',
      subject:
        'the stream end markers of an injection and two human inputs, the humans blocked at agent:turn:before',
    });
  },
});

/** A failure whose message runs over several lines, as a service's error with its details. */
const MULTILINE_FAILURE =
  'the model is down\nstatus: 503 Service Unavailable\n  at upstream gateway (request req-42)';

/**
 * [OUT-2] The error of an error turn is one sentence (「结局为error时error是一句原因」), also
 * when the failure's own message runs over several lines: no line break. How the agent words
 * it is open (its own sentence, the first line, the lines joined). The near miss quotes the
 * failure's whole message.
 */
const errorOneLineOfMultilineFailure = defineCase({
  requirements: ['OUT-2'],
  name: 'the error of a turn whose failure has a message of several lines is one line',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.model.script([{ throws: MULTILINE_FAILURE }]);
    await sendHuman(context, 's1', 'question').done;
    const after = assert.defined('OUT-2', turns(h, 's1')[0]?.after, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'agent:turn:after of the failed turn',
    });
    if (after.outcome !== 'error' || after.error === undefined) return; // the error cases check these
    const text = typeof after.error === 'string' ? after.error : (after.error.fallback ?? after.error.key);
    assert.that('OUT-2', !/[\r\n]/.test(text.trim()), {
      rule: 'the error of an error turn must be one sentence naming the failure, not the whole multi-line message of the failure',
      observed: `the error was ${JSON.stringify(text)}`,
    });
  },
});

/**
 * [OUT-2] Only an error turn carries an error (「…其余结局不带」): a turn that stays silent
 * because `agent:reply:before` held the model's answer back (a middleware that does not call
 * `next`, or one that empties the reply) failed nowhere. Which outcome such a turn has is left
 * to the agent; unless it is `error`, there is no error. The near miss gives the held-back
 * silent turn a reason.
 */
const noErrorForHeldBackReply = defineCase({
  requirements: ['OUT-2'],
  name: 'a turn whose reply agent:reply:before held back carries no error unless it ends as error',
  run: async (context) => {
    const h = context.harness;
    session(h, 'blocked');
    session(h, 'emptied');
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      if (payload.sessionId === 'blocked') return;
      if (payload.sessionId === 'emptied') payload.content = '';
      await next();
    });
    h.model.script([{ text: 'an answer held back' }, { text: 'an answer emptied' }]);
    await sendHuman(context, 'blocked', 'question').done;
    await sendHuman(context, 'emptied', 'question').done;
    for (const sessionId of ['blocked', 'emptied']) {
      const after = assert.defined('OUT-2', turns(h, sessionId)[0]?.after, {
        rule: 'every turn must end with agent:turn:after',
        subject: `agent:turn:after of the ${sessionId} session's turn`,
      });
      if (after.outcome === 'error') continue;
      assert.equal('OUT-2', after.error, undefined, {
        rule: 'only a turn with outcome "error" may carry an error; a reply held back in agent:reply:before is no failure',
        subject: `the error of the ${after.outcome} turn whose reply agent:reply:before ${sessionId === 'blocked' ? 'did not pass on' : 'emptied'}`,
      });
    }
  },
});

/**
 * [OUT-1] Only a replied turn persists its final reply (「其余结局不落库最终回复」): a stop
 * that lands while the final reply is being written ends the turn consistently — `replied`
 * with the reply in history, or another outcome without it. The reply's write is held on a
 * slow store while the turn is stopped. The near miss lets the write land, then ends the turn
 * as aborted.
 */
const stopDuringReplyWrite = defineCase({
  requirements: ['OUT-1'],
  name: 'a stop landing while the final reply is written ends the turn replied with it or without it persisted',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'question', reply: 'the final words' });
    const slow = createGate();
    h.archive.holdNext('append', slow);
    held.gate.open();
    await h.settle();
    context.agent.abort('s1');
    await h.settle();
    slow.open();
    await held.input.done;
    await h.settle();
    const after = assert.defined('OUT-1', turns(h, 's1')[0]?.after, {
      rule: 'every turn must end with agent:turn:after',
      subject: 'agent:turn:after',
    });
    const stored = storedReplies(h, 's1');
    if (after.outcome === 'replied') {
      assert.that(
        'OUT-1',
        stored.some((message) => message.id === after.reply?.id),
        {
          rule: 'on outcome "replied" the final reply must be in history',
          observed: `the turn ended replied, its reply not among the stored replies ${JSON.stringify(stored.map((message) => message.content))}`,
        },
      );
      return;
    }
    assert.deepEqual(
      'OUT-1',
      stored.map((message) => message.content),
      [],
      {
        rule: 'only a replied turn may persist its final reply: a turn stopped while writing it ends replied with it, or otherwise without it',
        subject: `the stored final replies of a turn that ended ${after.outcome}`,
      },
    );
  },
});

/** The cases of the OUT family ([OUT-1]..[OUT-3]). */
export const OUT_CASES = [
  repliedPersisted,
  othersNoReply,
  errorSentence,
  errorGivesItsReason,
  noModel,
  noticeWording,
  archiveFailureNotice,
  oneEndPerHandled,
  oneEndPerJoined,
  oneEndPerDropped,
  oneEndForDroppedDuringTurn,
  oneEndPerLong,
  noErrorUnlessError,
  errorNoticeKind,
  noErrorAfterToolFailure,
  oneEndPerBlockedInput,
  errorOneLineOfMultilineFailure,
  noErrorForHeldBackReply,
  stopDuringReplyWrite,
];
