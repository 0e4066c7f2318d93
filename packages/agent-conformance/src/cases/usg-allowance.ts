import { assert } from '../assert';
import { defineCase } from '../define-case';
import { filler, seedLongHistory, sendHuman, session, usageOf } from './scenario';

const WINDOW = 2048;

/**
 * [USG-9] History is trimmed to its own allowance: what the budget leaves once the parts that are
 * never dropped (the system prompt and contributions, the current inputs) are counted. With a
 * large contribution and a long history, the request sent after trimming and the room the agent
 * keeps for the reply (its own `breakdown.reservedForReply`) fit the model's window together.
 * The near miss gives history the whole budget, as if it were alone, so history and
 * contribution together eat into the reply's room.
 */
const allowanceAfterFixedPart = defineCase({
  requirements: ['USG-9'],
  name: 'after hard trimming, history, a large contribution and the room for the reply fit the model’s context window',
  harness: { model: { contextWindow: WINDOW, maxOutputTokens: 256 } },
  run: async (context) => {
    const h = context.harness;
    session(h, 's1', { settings: { historyLimit: 0 } });
    h.contribute({
      localId: 'handbook',
      bucket: 'system',
      label: 'Handbook',
      build: () => `HANDBOOK: ${filler('rule', 800)}`,
    });
    seedLongHistory(h, 's1', 30, 300);
    h.model.script([{ text: 'answer' }]);
    await sendHuman(context, 's1', 'current question').done;
    const usage = assert.defined('USG-9', usageOf(h, { sessionId: 's1' })[0], {
      rule: 'every model call must be followed by token:usage (USG-1)',
      subject: 'the token:usage of the first model call',
    });
    const { used, breakdown } = usage;
    assert.that('USG-9', used + breakdown.reservedForReply <= WINDOW, {
      rule: "hard trimming must cut history to its own allowance, what the budget leaves after the parts that are never dropped: the request sent and the room kept for the reply must fit the model's context window",
      observed: `over about 9,000 tokens of history and a contribution of about 800, the first call sent ${used} tokens and kept ${breakdown.reservedForReply} for the reply, in a ${WINDOW}-token window (history ${breakdown.history}, system ${breakdown.system})`,
    });
  },
});

/** The cases of the history's allowance under hard trimming ([USG-9]). */
export const USG_ALLOWANCE_CASES = [allowanceAfterFixedPart];
