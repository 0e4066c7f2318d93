import { assert } from '../assert';
import { defineCase } from '../define-case';
import { holdTurn, incomingWrites, secondInputDuringToolCall, sendHuman, session, turns } from './scenario';

/**
 * [HK-2] [HK-8] The `inputs` of `agent:turn:before` is the turn's live array
 * (「它是活的:插进来的输入在送进模型之前追加到末尾」): an input that joins the running turn is
 * appended to that very array, which `agent:turn:after` carries again. The near miss hands
 * `agent:turn:before` a copy, so the joined input never shows there and the end carries another
 * array.
 */
const turnBeforeInputsLive = defineCase({
  requirements: ['HK-2', 'HK-8'],
  name: 'the inputs array agent:turn:before got grows by a joined input and is the one agent:turn:after carries',
  run: async (context) => {
    const h = context.harness;
    await secondInputDuringToolCall(context, 'first question', 'second question');
    const turn = assert.defined('HK-2', turns(h, 's1')[0], {
      rule: 'every input must open a turn',
      subject: 'the turn of s1',
    });
    const seen = turn.before.payload.inputs.map((input) => input.message.content);
    assert.deepEqual('HK-2', seen, ['first question', 'second question'], {
      rule: 'the inputs of agent:turn:before must be the live array the turn appends joined inputs to',
      subject: 'the inputs array agent:turn:before received, once the second input joined',
    });
    assert.that('HK-8', turn.after?.inputs === turn.before.payload.inputs, {
      rule: 'agent:turn:after must carry the same inputs array as agent:turn:before',
      observed: 'agent:turn:after carried another array than the one agent:turn:before received',
    });
  },
});

/**
 * [HK-9] An idle-trigger input is never archived (「不归档的(空闲开话题)…一直没有」), also when
 * `abort` with `queued` releases it before it opened a turn, where other released inputs are
 * archived without turn id ([ABT-3]). The near miss skips idle inputs only among a turn's opening
 * inputs.
 */
const idleReleasedNotArchived = defineCase({
  requirements: ['HK-9'],
  name: 'an idle-trigger input released by abort with queued is not archived',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const held = await holdTurn(context, { sessionId: 's1', content: 'running', untilAborted: true });
    const idle = sendHuman(context, 's1', 'quiet for a while', { triggerType: 'idle' });
    await h.settle();
    context.agent.abort('s1', { queued: true });
    await Promise.all([held.input.done, idle.done]);
    await h.settle();
    assert.equal('HK-9', incomingWrites(h, 'quiet for a while').length, 0, {
      rule: 'an idle-trigger input (triggerType "idle") must never be archived, not even when abort with queued releases it',
      subject: 'the archive writes of the released idle input',
    });
  },
});

/** The cases of a turn's inputs as the hooks see them ([HK-2], [HK-9]). */
export const HK_INPUT_CASES = [turnBeforeInputsLive, idleReleasedNotArchived];
