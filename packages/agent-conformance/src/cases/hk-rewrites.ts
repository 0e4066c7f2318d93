import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
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
/**
 * [HK-7] [OUT-1] Each attempt of `agent:reply:before` is about the version it carries: a format
 * retry's payload starts with that version's `content` and without the `archiveContent` and
 * `visibleContent` a middleware set on the dropped attempt. A structured-output middleware
 * decodes an envelope on the first attempt and a checker asks for a retry; the retried answer is
 * plain text, so nobody sets `archiveContent` on it, and the final reply in history is that text
 * (「结局为replied时最终回复已写进会话历史」), with no decoded body of an envelope it is not. The near miss builds each retry's payload from the previous one and persists the dropped envelope
 * as the final reply.
 */
const retryPayloadStartsClean = defineCase({
  requirements: ['HK-7', 'OUT-1'],
  name: 'a format retry’s agent:reply:before starts without the archiveContent and visibleContent set on the dropped attempt',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    const seen: { attempt: number; archiveContent: unknown; visibleContent: unknown }[] = [];
    h.hooks.middleware('agent:reply:before', async (payload, next) => {
      seen.push({
        attempt: payload.attempt,
        archiveContent: payload.archiveContent,
        visibleContent: payload.visibleContent,
      });
      if (payload.content.startsWith('{')) {
        payload.archiveContent = payload.content;
        payload.visibleContent = 'the decoded first body';
        payload.content = 'the decoded first body';
        payload.retry = { feedback: 'conformance feedback: answer in plain text' };
      }
      await next();
    });
    h.model.script([{ text: '{"say":"the decoded first body"}' }, { text: 'the plain second answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const retried = assert.defined('HK-7', seen[1], {
      rule: 'a middleware that asks for a format retry must get agent:reply:before again with the retried version',
      subject: 'the agent:reply:before run of the retry',
    });
    assert.deepEqual('HK-7', [retried.archiveContent, retried.visibleContent], [undefined, undefined], {
      rule: 'the agent:reply:before payload of a format retry describes the retried version only: no archiveContent or visibleContent left from the dropped attempt',
      subject: 'archiveContent and visibleContent at the start of the retry’s agent:reply:before',
    });
    const last = assert.defined('OUT-1', storedReplies(h, 's1').at(-1), {
      rule: 'a replied turn must have its final reply in history',
      subject: 'the last persisted reply',
    });
    assert.deepEqual(
      'OUT-1',
      [last.content, last.metadata[Keys.VisibleContent]],
      ['the plain second answer', undefined],
      {
        rule: 'the final reply in history is the version agent:reply:before let through, not an envelope of a version a format retry dropped',
        subject: 'the content and decoded visible body of the last persisted reply',
      },
    );
  },
});

/**
 * [HK-5] `agent:tool:before` carries each call's own arguments: two identical calls of one
 * response (same tool, same arguments text) each start with the arguments the model gave, even
 * when a middleware edited the first call's `args` in place. The near miss hands both calls one
 * parsed object, so the second starts with the first call's edits.
 */
const repeatedCallOwnArgs = defineCase({
  requirements: ['HK-5'],
  name: 'two identical tool calls of one response each reach agent:tool:before with their own arguments',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.tools.define({ name: 'roll_die', steps: [{ result: 'rolled 2' }, { result: 'rolled 5' }] });
    const seen: string[] = [];
    h.hooks.middleware('agent:tool:before', async (payload, next) => {
      seen.push(JSON.stringify(payload.args));
      payload.args.requestId = payload.toolCallContext.callId;
      await next();
    });
    h.model.script([
      {
        toolCalls: [
          { name: 'roll_die', arguments: { sides: 6 } },
          { name: 'roll_die', arguments: { sides: 6 } },
        ],
      },
      { text: 'a 2 and a 5' },
    ]);
    await sendHuman(context, 's1', 'roll two dice').done;
    assert.deepEqual('HK-5', seen, ['{"sides":6}', '{"sides":6}'], {
      rule: 'agent:tool:before must carry the arguments of its own call, not an object a middleware edited for another call',
      subject: 'the arguments each agent:tool:before run started with',
    });
  },
});

export const HK_REWRITE_CASES = [
  llmAfterReplacedResponse,
  replyRewriteIsPersisted,
  retryPayloadStartsClean,
  repeatedCallOwnArgs,
];
