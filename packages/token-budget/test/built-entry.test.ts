/**
 * Proves the package works on its own: everything here comes from the built entry
 * (`dist/index.js`, produced by `npm run build`), never from the sources. Build first.
 */
import { describe, expect, it } from 'vitest';
import {
  buildTokenUsage,
  createModelTable,
  createTokenCounter,
  planTokenBudget,
  TOKEN_BUDGET_BUCKETS,
  TokenBudgetError,
  trimHistory,
  UnknownEncodingError,
} from '../dist/index.js';

describe('the built entry', () => {
  it('counts, plans, trims and reports usage on a plain message list', () => {
    const counter = createTokenCounter({ model: 'gpt-4o' });
    const system = { role: 'system', content: 'You are terse.' };
    const history = Array.from({ length: 60 }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: `message ${index}: 第${index}条消息 with some more words to count`,
    }));
    expect(counter.countText('hello 世界')).toBeGreaterThan(0);
    expect(counter.countMessages([system])).toBe(counter.countMessage(system) + 3);

    const limits = createModelTable().lookup('gpt-4o');
    expect(limits?.contextWindow).toBe(128_000);
    const plan = planTokenBudget({
      contextWindow: 2_000,
      reserveForReply: 500,
      fixedTokens: counter.countMessages([system]),
      maxHistoryTokens: 400,
    });
    const trim = trimHistory({ history, allowance: plan.historyAllowance, counter, protectedTail: 1 });
    expect(trim.trimmed).toBe(true);
    expect(trim.keptTokens).toBeLessThanOrEqual(400);
    expect(trim.kept.at(-1)).toBe(history.at(-1));

    const usage = buildTokenUsage({
      counter,
      plan,
      messages: [system, ...trim.kept],
      untrimmedMessages: [system, ...history],
      historyTrimmed: trim.trimmed,
      historyMessages: history.length,
      historyLimit: 0,
    });
    expect(usage.trimmed).toBe(true);
    expect(Object.keys(usage.breakdown)).toEqual([...TOKEN_BUDGET_BUCKETS]);
    expect(usage.used).toBe(counter.estimateRequest({ messages: [system, ...trim.kept] }));
  });

  it('counts a long unbroken run, and counts asynchronously to the same figures', async () => {
    const counter = createTokenCounter();
    const messages = [{ role: 'user', content: `run: ${'哈'.repeat(20_000)} and ${'='.repeat(5_000)}` }];
    const asynchronous = await counter.countMessagesAsync(messages, { sliceMs: 0 });
    expect(asynchronous).toBe(createTokenCounter().countMessages(messages));
    expect(asynchronous).toBeGreaterThan(10_000);
  });

  it('throws its own errors, recognisable by isInstance', () => {
    let caught: unknown;
    try {
      createTokenCounter({ encoding: 'gpt2' as never });
    } catch (error) {
      caught = error;
    }
    expect(UnknownEncodingError.isInstance(caught)).toBe(true);
    expect(TokenBudgetError.isInstance(caught)).toBe(true);
  });
});
