import { PROMPT_BUCKETS } from '@aalis/api-agent';
import { assert } from '../assert';
import { defineCase } from '../define-case';
import { filler, seedLongHistory, sendHuman, session, usageOf } from './scenario';

const WINDOW = 2048;

/** The buckets of a breakdown that are neither history nor tool results, nor the reply's room. */
const OTHER_BUCKETS = [...PROMPT_BUCKETS, 'toolDefs'] as const;

/**
 * [USG-2] An estimated `used` is of the list as sent (「没有返回…时按发出的消息与工具定义估算」):
 * once hard trimming cut most of a long history, the part cut is not in it. The agent's own
 * figures say what was cut ([USG-4]): `untrimmedHistory` is history and tool results on the
 * untrimmed list, `breakdown.history` and `breakdown.toolResults` what was sent. When the part
 * cut is well over everything else sent, an estimate of the sent list stays below
 * `untrimmedHistory`, and one of the list before trimming does not. The near miss estimates the
 * list as assembled, before trimming. An agent that cut nothing has nothing to tell apart here.
 */
const estimateLeavesOutCutHistory = defineCase({
  requirements: ['USG-2'],
  name: 'an estimated used leaves out the history hard trimming cut',
  harness: { model: { contextWindow: WINDOW, maxOutputTokens: 256 } },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    seedLongHistory(h, 's1', 40, 300);
    // The model reports no usage: `used` is the agent's estimate.
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'current question').done;
    const usage = assert.defined('USG-2', usageOf(h, { sessionId: 's1' })[0], {
      rule: 'every model call must be followed by token:usage (USG-1)',
      subject: 'the token:usage of the first model call',
    });
    const { breakdown } = usage;
    const other = OTHER_BUCKETS.reduce((sum, bucket) => sum + breakdown[bucket], 0);
    const cut = usage.untrimmedHistory - breakdown.history - breakdown.toolResults;
    if (cut < 2 * other + 1000) return;
    assert.that('USG-2', usage.used < usage.untrimmedHistory, {
      rule: 'without usage from the model, used must be estimated from the messages as sent, not from the list before hard trimming',
      observed: `used was ${usage.used} after trimming cut about ${cut} tokens of history (untrimmedHistory ${usage.untrimmedHistory}, history sent ${breakdown.history}, the rest sent ${other})`,
    });
  },
});

/**
 * [USG-2] [USG-4] The estimate is of the messages as sent, after `agent:llm:before`
 * (「中间件可以改 messages」): a middleware that adds two earlier messages of about 2,000 tokens to
 * the history part of the list (before the current input) adds them to `used` and to
 * `breakdown.history`, both of the list as sent. The near miss counts the list as the agent
 * assembled it before the hook.
 */
const estimateCountsAddedMessages = defineCase({
  requirements: ['USG-2', 'USG-4'],
  name: 'an estimated used and the history bucket count the messages agent:llm:before added',
  run: async (context) => {
    const h = context.harness;
    session(h, 's1');
    h.hooks.middleware('agent:llm:before', async (payload, next) => {
      const recalled = [
        { role: 'user' as const, content: `Earlier: ${filler('recalled', 1000)}` },
        { role: 'assistant' as const, content: `Noted: ${filler('noted', 1000)}` },
      ];
      payload.messages.splice(Math.max(0, payload.messages.length - 1), 0, ...recalled);
      await next();
    });
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'question').done;
    const usage = assert.defined('USG-2', usageOf(h, { sessionId: 's1' })[0], {
      rule: 'every model call must be followed by token:usage (USG-1)',
      subject: 'the token:usage of the first model call',
    });
    assert.that('USG-2', usage.used >= 1000, {
      rule: 'without usage from the model, used must be estimated from the messages as sent, those agent:llm:before added included',
      observed: `used was ${usage.used} for a call to which a middleware added about 2,000 tokens of earlier messages`,
    });
    assert.that('USG-4', usage.breakdown.history >= 1000, {
      rule: 'breakdown.history must be computed on the list as sent, the earlier messages agent:llm:before added included',
      observed: `breakdown.history was ${usage.breakdown.history} for a call to which a middleware added about 2,000 tokens of earlier messages`,
    });
  },
});

/** The cases of figures of the list as sent ([USG-2], [USG-4]). */
export const USG_SENT_LIST_CASES = [estimateLeavesOutCutHistory, estimateCountsAddedMessages];
