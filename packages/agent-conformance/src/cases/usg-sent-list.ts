import { assert } from '../assert';
import { defineCase } from '../define-case';
import { filler, sendHuman, session, usageOf } from './scenario';

const WINDOW = 2048;

/** The buckets of a breakdown that are neither history nor tool results, nor the reply's room. */
const OTHER_BUCKETS = [
  'system',
  'persona',
  'memorySummary',
  'memoryVector',
  'skills',
  'platform',
  'subtask',
  'systemOther',
  'toolDefs',
] as const;

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
    h.archive.seed(
      's1',
      Array.from({ length: 40 }, (_, index) => ({
        role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content: filler(`old${index}x`, 300),
      })),
    );
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

/** The case of an estimated `used` after hard trimming ([USG-2]). */
export const USG_TRIMMED_ESTIMATE_CASES = [estimateLeavesOutCutHistory];
