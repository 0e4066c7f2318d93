import { assert } from '../assert';
import { defineCase } from '../define-case';
import type { Harness } from '../harness/harness';
import { callContains, outbound, sendHuman, session, storedWith } from './scenario';

/**
 * [HK-3], [HK-4], [HK-6]: one middleware of a hook meets another of the same hook — one that
 * throws, or one that returns without calling `next`. What the first one did to the payload
 * still holds: the model gets the messages it left, the turn goes on with the response it
 * replaced, the tool result it rewrote is what the model and the history get; and
 * `agent:llm:after` carries the messages that were sent.
 */

const NOTE = 'NOTE: a middleware of agent:llm:before added this line.';

/** Replaces the messages of every `agent:llm:before` run with a list of its own that adds {@link NOTE}. */
function addNoteBeforeEveryCall(h: Harness): void {
  h.hooks.middleware('agent:llm:before', async (payload, next) => {
    payload.messages = [...payload.messages, { role: 'user', content: NOTE }];
    await next();
  });
}

/**
 * [HK-4] The `messages` of `agent:llm:after` are the messages that were sent (「{ response,
 * messages }」, after the call): when a middleware of `agent:llm:before` replaced the list, the
 * model got the replacement, and an observer of `agent:llm:after` must read that same list. The
 * near miss hands `agent:llm:after` the list the agent assembled before `agent:llm:before` ran.
 */
const llmAfterSeesSentMessages = defineCase({
  requirements: ['HK-4'],
  name: 'agent:llm:after carries the messages agent:llm:before left, also when a middleware replaced them',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    addNoteBeforeEveryCall(h);
    const seen: boolean[] = [];
    h.hooks.middleware('agent:llm:after', async (payload, next) => {
      seen.push(callContains(payload, NOTE));
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const call = assert.defined('HK-4', h.model.requests[0], {
      rule: 'the turn must call the model',
      subject: 'the model call of the turn',
    });
    assert.that('HK-4', callContains(call, NOTE), {
      rule: 'the model must be sent the messages agent:llm:before left (HK-3)',
      observed: 'the model call did not carry the line the agent:llm:before middleware added',
    });
    assert.deepEqual('HK-4', seen, [true], {
      rule: 'agent:llm:after must carry the messages that were sent, as agent:llm:before left them',
      subject: 'whether the messages of each agent:llm:after held the line the model was sent',
    });
  },
});

/**
 * [HK-3] What the middlewares of `agent:llm:before` leave in `messages` is what the model gets,
 * also when another middleware of the same run fails: its failure is its own, isolated, and
 * does not undo the others' edits. The near miss sends the call as the agent
 * budgeted it whenever any middleware of the run threw.
 */
const rewriteKeptBesideFailure = defineCase({
  requirements: ['HK-3'],
  name: 'the model gets the messages one agent:llm:before middleware replaced while another one throws',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    addNoteBeforeEveryCall(h);
    h.hooks.middleware('agent:llm:before', () => {
      throw new Error('a middleware of agent:llm:before failed');
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const call = assert.defined('HK-3', h.model.requests[0], {
      rule: 'a failing agent:llm:before middleware is isolated: the turn must still call the model',
      subject: 'the model call of the turn',
    });
    assert.that('HK-3', callContains(call, NOTE), {
      rule: 'the model must get the messages agent:llm:before left, also when another middleware of the run threw',
      observed: 'the model call did not carry the line the other agent:llm:before middleware added',
    });
  },
});

/**
 * [HK-4] A middleware of `agent:llm:after` may replace the response, and it keeps its replacement
 * when a middleware inside it returns without calling `next`: the hook has no default action to
 * hold back, and the outer middleware's edit was made. The near miss goes on with the model's own
 * response whenever the run did not reach its end.
 */
const llmAfterReplacementBesideShortCut = defineCase({
  requirements: ['HK-4'],
  name: 'a response one agent:llm:after middleware replaced is the one the turn goes on with when an inner middleware does not call next',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:llm:after', async (payload, next) => {
      payload.response = { ...payload.response, content: 'the replaced answer', toolCalls: [] };
      await next();
    });
    h.hooks.middleware('agent:llm:after', async () => undefined);
    h.model.script([{ text: 'the model’s own answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.deepEqual(
      'HK-4',
      outbound(h, 's1').map((message) => message.content),
      ['the replaced answer'],
      {
        rule: 'a middleware of agent:llm:after may replace the response: the turn must go on with it, also when an inner middleware did not call next',
        subject: 'the replies sent after an outer agent:llm:after middleware replaced the response',
      },
    );
  },
});

/**
 * [HK-6] `result` of `agent:tool:after` may be rewritten: a middleware's rewrite reaches the model
 * and the history also when a middleware inside it returns without calling `next`. The near miss
 * keeps the tool's own result whenever the run did not reach its end.
 */
const toolAfterRewriteBesideShortCut = defineCase({
  requirements: ['HK-6'],
  name: 'a result one agent:tool:after middleware rewrote reaches the model and the history when an inner middleware does not call next',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'lookup', fallback: { result: 'original result' } });
    h.hooks.middleware('agent:tool:after', async (payload, next) => {
      payload.result = { content: 'rewritten result' };
      await next();
    });
    h.hooks.middleware('agent:tool:after', async () => undefined);
    h.model.script([{ toolCalls: [{ name: 'lookup' }] }, { text: 'done' }]);
    await sendHuman(context, 's1', 'question').done;
    const next = assert.defined('HK-6', h.model.requests[1], {
      rule: 'the turn must call the model again after the tool',
      subject: 'the model call after the tool',
    });
    assert.that('HK-6', callContains(next, 'rewritten result') && !callContains(next, 'original result'), {
      rule: 'a result rewritten in agent:tool:after must be what the model gets, also when an inner middleware did not call next',
      observed: 'the model call after the tool did not carry "rewritten result" alone',
    });
    assert.that('HK-6', storedWith(h, 's1', 'rewritten result').length > 0, {
      rule: 'a result rewritten in agent:tool:after must be what the history gets, also when an inner middleware did not call next',
      observed: '"rewritten result" was not persisted',
    });
  },
});

/** The cases where a middleware of a hook meets another of the same hook. */
export const HK_BESIDE_OTHER_MIDDLEWARES_CASES = [
  llmAfterSeesSentMessages,
  rewriteKeptBesideFailure,
  llmAfterReplacementBesideShortCut,
  toolAfterRewriteBesideShortCut,
];
