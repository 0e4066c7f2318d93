import { describe, expect, it } from 'vitest';
import { buildTokenUsage } from './build-token-usage';
import { computeTokenBreakdown } from './compute-token-breakdown';
import { sumTokenFigures } from './sum-token-figures';
import { createTokenCounter } from './token-counter';

const counter = createTokenCounter();
const system = { role: 'system', content: 'You are Aalis, a helpful assistant.' };
const persona = { role: 'system', content: 'Ann likes green tea and long walks.' };
const user = { role: 'user', content: 'What should I drink this afternoon?' };
const call = {
  role: 'assistant',
  content: '',
  tool_calls: [{ id: 'c1', type: 'function', function: { name: 'menu', arguments: '{}' } }],
};
const result = { role: 'tool', content: 'tea, coffee, water', tool_call_id: 'c1' };
const tools = [
  { name: 'menu', description: 'The drinks at hand', parameters: { type: 'object', properties: {} } },
];

describe('sumTokenFigures', () => {
  it('[USG-7] figures counted once add up to what counting every message gives', () => {
    const messages = [system, persona, user, call, result];
    const classify = (message: object) =>
      message === persona ? { bucket: 'persona' as const, injector: 'profiles#1/ann' } : undefined;
    const counted = computeTokenBreakdown({
      messages,
      counter,
      tools,
      reservedForReply: 300,
      classify: (message) =>
        classify(message) ?? (message === system ? 'system' : message === user ? 'history' : 'toolResults'),
    });
    const summed = sumTokenFigures({
      figures: [
        { bucket: 'system', tokens: counter.countMessage(system) },
        { bucket: 'persona', injector: 'profiles#1/ann', tokens: counter.countMessage(persona) },
        { bucket: 'history', tokens: counter.countMessage(user) },
        { bucket: 'toolResults', tokens: counter.countMessage(call) + counter.countMessage(result) },
      ],
      toolTokens: counter.countTools(tools),
      replyPriming: counter.countMessages([]),
      reservedForReply: 300,
    });
    expect(summed).toEqual(counted);
    expect(summed.parts.find((part) => part.injectors !== undefined)?.injectors).toEqual({
      'profiles#1/ann': counter.countMessage(persona),
    });
  });

  it('a negative or fractional reserve is a TypeError', () => {
    const options = { figures: [], toolTokens: 0, replyPriming: 3 };
    expect(() => sumTokenFigures({ ...options, reservedForReply: -1 })).toThrow(TypeError);
    expect(() => sumTokenFigures({ ...options, reservedForReply: 1.5 })).toThrow(TypeError);
  });

  it('[USG-4] buildTokenUsage uses the figures it is given instead of counting the messages', () => {
    const messages = [system, user];
    const plan = { contextWindow: 1_000, tokenBudget: 700, reservedForReply: 300 };
    const base = { messages, counter, plan, historyMessages: 1, historyLimit: 0 };
    const counted = buildTokenUsage(base);
    const stand = { bucket: 'history' as const, tokens: 500 };
    const given = buildTokenUsage({ ...base, figures: { sent: [stand] } });
    expect(given.breakdown.history).toBe(500);
    expect(given.breakdown.system).toBe(0);
    expect(given.breakdown.systemOther).toBe(counter.countMessages([]));
    expect(given.used).toBe(500 + counter.countMessages([]));
    expect(counted.breakdown.history).toBe(counter.countMessage(user));
  });
});
