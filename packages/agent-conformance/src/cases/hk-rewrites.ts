import { assert } from '../assert';
import { defineCase } from '../define-case';
import { outbound, sendHuman, session, storedReplies } from './scenario';

/**
 * [HK-4] `agent:llm:after` may replace the response (「response…中间件可以替换」): the turn
 * goes on with the replacement, so the reply is the replacement's. The near miss lets the
 * middleware run and carries on with the model's own response.
 */
const llmAfterReplacedResponse = defineCase({
  requirements: ['HK-4'],
  name: 'a response agent:llm:after replaced is the one the turn goes on with',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:llm:after', async (payload, next) => {
      payload.response = { ...payload.response, content: 'the replaced answer', toolCalls: [] };
      await next();
    });
    h.model.script([{ text: 'the model’s own answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.deepEqual(
      'HK-4',
      outbound(h, 's1').map((message) => message.content),
      ['the replaced answer'],
      {
        rule: 'a middleware of agent:llm:after may replace the response: the turn must go on with the replacement',
        subject: 'the replies sent after agent:llm:after replaced the response',
      },
    );
  },
});

/**
 * [HK-7] `content` of `agent:reply:before` is the reply, and `archiveContent` only what is
 * persisted *instead* when it differs: a middleware that rewrites `content` and sets no
 * `archiveContent` changes the persisted reply too. The near miss persists the model's answer.
 */
const replyRewriteIsPersisted = defineCase({
  requirements: ['HK-7'],
  name: 'a reply agent:reply:before rewrote, with no archiveContent, is the reply persisted',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      payload.content = 'the polished answer';
      await next();
    });
    h.model.script([{ text: 'the raw answer' }]);
    await sendHuman(context, 's1', 'question').done;
    assert.deepEqual(
      'HK-7',
      storedReplies(h, 's1').map((message) => message.content),
      ['the polished answer'],
      {
        rule: 'a reply whose content agent:reply:before rewrote, with no archiveContent, must be persisted as rewritten',
        subject: 'the final replies in history',
      },
    );
  },
});

/** The cases of replacements by `agent:llm:after` and `agent:reply:before` ([HK-4], [HK-7]). */
export const HK_REWRITE_CASES = [llmAfterReplacedResponse, replyRewriteIsPersisted];
