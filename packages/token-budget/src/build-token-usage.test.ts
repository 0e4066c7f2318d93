import { describe, expect, it } from 'vitest';
import { mixedHistory } from '../test/support/mixed-corpus';
import {
  buildTokenUsage,
  type ChatMessageLike,
  computeTokenBreakdown,
  createTokenCounter,
  planTokenBudget,
  TOKEN_BUDGET_BUCKETS,
  type TokenUsageInput,
  trimHistory,
} from './index';

const tools = [
  { name: 'lookup', description: 'Look something up', parameters: { type: 'object', properties: {} } },
];
const system: ChatMessageLike = { role: 'system', content: 'You are a helpful assistant.' };

function call(overrides: Partial<TokenUsageInput<ChatMessageLike>> = {}): TokenUsageInput<ChatMessageLike> {
  return {
    counter: createTokenCounter(),
    plan: planTokenBudget({ contextWindow: 128_000, maxOutput: 16_384 }),
    messages: [system, ...mixedHistory(8, 30)],
    tools,
    historyMessages: 30,
    historyLimit: 0,
    ...overrides,
  };
}

describe('buildTokenUsage', () => {
  it("[USG-2] takes used from the provider's prompt tokens when positive and finite", () => {
    const usage = buildTokenUsage(call({ promptTokens: 12_345 }));
    expect(usage.used).toBe(12_345);
    expect(usage.usageRatio).toBe(12_345 / 128_000);
  });

  it('[USG-2] estimates used from the sent messages and tools when the provider figure is unusable', () => {
    const input = call();
    const estimate = input.counter.estimateRequest({ messages: input.messages, tools });
    for (const promptTokens of [undefined, null, 0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const usage = buildTokenUsage({ ...input, promptTokens });
      expect(usage.used, String(promptTokens)).toBe(estimate);
      expect(usage.usageRatio).toBe(estimate / 128_000);
    }
  });

  it('[USG-3] reports trimmed when hard trimming dropped history', () => {
    expect(buildTokenUsage(call({ historyTrimmed: true })).trimmed).toBe(true);
    expect(buildTokenUsage(call({ historyTrimmed: false })).trimmed).toBe(false);
  });

  it('[USG-3] reports trimmed when the assembled estimate exceeds tokenBudget, even with nothing dropped', () => {
    const input = call();
    const estimate = input.counter.estimateRequest({ messages: input.messages, tools });
    const tight = { contextWindow: estimate * 2, tokenBudget: estimate - 1, reservedForReply: 100 };
    expect(buildTokenUsage({ ...input, plan: tight }).trimmed).toBe(true);
    expect(buildTokenUsage({ ...input, plan: { ...tight, tokenBudget: estimate } }).trimmed).toBe(false);
  });

  it('[USG-4] measures untrimmedHistory on the untrimmed list and the breakdown on the sent list', () => {
    const counter = createTokenCounter();
    const history = mixedHistory(12, 200);
    const trim = trimHistory({ history, allowance: 2_000, counter, protectedTail: 1 });
    const untrimmedMessages = [system, ...history];
    const messages = [system, ...trim.kept];
    const usage = buildTokenUsage({
      ...call(),
      counter,
      messages,
      untrimmedMessages,
      historyTrimmed: trim.trimmed,
    });
    const untrimmed = computeTokenBreakdown({ messages: untrimmedMessages, counter });
    const sent = computeTokenBreakdown({ messages, counter });
    expect(usage.trimmed).toBe(true);
    expect(usage.untrimmedHistory).toBe(untrimmed.breakdown.history + untrimmed.breakdown.toolResults);
    expect(usage.breakdown.history).toBe(sent.breakdown.history);
    expect(usage.breakdown.toolResults).toBe(sent.breakdown.toolResults);
    expect(usage.untrimmedHistory).toBeGreaterThan(usage.breakdown.history + usage.breakdown.toolResults);
  });

  it('[USG-5] [USG-6] passes historyMessages and historyLimit through', () => {
    expect(buildTokenUsage(call({ historyMessages: 57, historyLimit: 40 }))).toMatchObject({
      historyMessages: 57,
      historyLimit: 40,
    });
  });

  it('[USG-7] carries the 12-bucket breakdown with the reply reserve and the parts without it', () => {
    const input = call();
    const usage = buildTokenUsage(input);
    expect(Object.keys(usage.breakdown).sort()).toEqual([...TOKEN_BUDGET_BUCKETS].sort());
    expect(usage.breakdown.reservedForReply).toBe(input.plan.reservedForReply);
    expect(usage.parts).toHaveLength(11);
    expect(usage.breakdown.toolDefs).toBe(input.counter.countTools(tools));
  });

  it('[USG-2] [USG-7] yields exactly the TokenUsageEvent fields', () => {
    expect(Object.keys(buildTokenUsage(call())).sort()).toEqual(
      [
        'used',
        'contextWindow',
        'usageRatio',
        'tokenBudget',
        'trimmed',
        'untrimmedHistory',
        'historyMessages',
        'historyLimit',
        'breakdown',
        'parts',
      ].sort(),
    );
  });

  it('[USG-8] builds a snapshot from an estimate alone when no model call was made', () => {
    const input = call();
    const usage = buildTokenUsage({ ...input, messages: [system], historyMessages: 12 });
    expect(usage.used).toBe(input.counter.estimateRequest({ messages: [system], tools }));
    expect(usage.historyMessages).toBe(12);
  });

  it('rejects a plan without a positive context window with a TypeError', () => {
    expect(() =>
      buildTokenUsage(call({ plan: { contextWindow: 0, tokenBudget: 0, reservedForReply: 0 } })),
    ).toThrow(TypeError);
  });
});
