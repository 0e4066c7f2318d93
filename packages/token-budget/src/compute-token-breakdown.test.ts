import { describe, expect, it } from 'vitest';
import { mixedHistory } from '../test/support/mixed-corpus';
import {
  type ChatMessageLike,
  classifyMessageByRole,
  computeTokenBreakdown,
  createTokenCounter,
  DEFAULT_BUCKET_LABELS,
  DEFAULT_PART_ORDER,
  type MessageClassification,
  TOKEN_BUDGET_BUCKETS,
} from './index';

interface PromptMessage extends ChatMessageLike {
  readonly source?: { bucket: 'persona' | 'memorySummary' | 'skills'; injector: string };
}

const tools = [
  { name: 'search', description: 'Search the web', parameters: { type: 'object', properties: {} } },
];

function prompt(): PromptMessage[] {
  return [
    { role: 'system', content: 'You are Aalis, a helpful assistant.' },
    {
      role: 'system',
      content: '你是一只猫娘。',
      source: { bucket: 'persona', injector: 'persona-plugin/main' },
    },
    {
      role: 'system',
      content: 'Summary: the user likes tea.',
      source: { bucket: 'memorySummary', injector: 'summary/auto' },
    },
    {
      role: 'system',
      content: 'Skill: translate.',
      source: { bucket: 'skills', injector: 'skills/translate' },
    },
    { role: 'system', content: 'Skill: search.', source: { bucket: 'skills', injector: 'skills/search' } },
    ...mixedHistory(4, 40),
    { role: 'user', content: 'What did we talk about?' },
  ];
}

const classify = (message: PromptMessage): MessageClassification =>
  message.source ?? classifyMessageByRole(message);

describe('computeTokenBreakdown', () => {
  it('[USG-7] gives all 12 buckets and parts in display order without reservedForReply', () => {
    const counter = createTokenCounter();
    const { breakdown, parts } = computeTokenBreakdown({
      messages: prompt(),
      counter,
      classify,
      tools,
      reservedForReply: 4_096,
    });
    expect(Object.keys(breakdown).sort()).toEqual([...TOKEN_BUDGET_BUCKETS].sort());
    expect(breakdown.reservedForReply).toBe(4_096);
    expect(parts.map((part) => part.label)).toEqual(
      DEFAULT_PART_ORDER.map((bucket) => DEFAULT_BUCKET_LABELS[bucket]),
    );
    expect(parts.map((part) => part.tokens)).toEqual(DEFAULT_PART_ORDER.map((bucket) => breakdown[bucket]));
    expect(parts.some((part) => part.label === DEFAULT_BUCKET_LABELS.reservedForReply)).toBe(false);
  });

  it('[USG-7] labels buckets with translatable references and English fallbacks', () => {
    expect(DEFAULT_BUCKET_LABELS.memorySummary).toEqual({
      key: 'tokenBudget.bucket.memorySummary',
      fallback: 'Memory summary',
    });
    for (const bucket of TOKEN_BUDGET_BUCKETS)
      expect(DEFAULT_BUCKET_LABELS[bucket].key).toBe(`tokenBudget.bucket.${bucket}`);
  });

  it("[USG-7] uses the caller's labels, order, and leaves empty parts out on request", () => {
    const { parts } = computeTokenBreakdown({
      messages: [{ role: 'user', content: 'hi' }],
      counter: createTokenCounter(),
      labels: { history: '历史', systemOther: { key: 'custom.other' } },
      order: ['history', 'systemOther', 'system'],
      omitEmptyParts: true,
    });
    expect(parts.map((part) => part.label)).toEqual(['历史', { key: 'custom.other' }]);
  });

  it('[USG-7] [PRM-3] keeps per-injector figures keyed pluginInstanceId/localId', () => {
    const counter = createTokenCounter();
    const messages = prompt();
    const { breakdown, parts } = computeTokenBreakdown({ messages, counter, classify });
    const skills = parts[DEFAULT_PART_ORDER.indexOf('skills')]!;
    expect(skills.injectors).toEqual({
      'skills/translate': counter.countMessage(messages[3]!),
      'skills/search': counter.countMessage(messages[4]!),
    });
    expect(breakdown.skills).toBe(
      skills.injectors!['skills/translate']! + skills.injectors!['skills/search']!,
    );
    expect(parts[DEFAULT_PART_ORDER.indexOf('history')]!.injectors).toBeUndefined();
  });

  it('[USG-7] attributes the pieces of one system message to their own buckets and injectors', () => {
    const counter = createTokenCounter();
    const persona = '你是一只猫娘。';
    const skill = 'Skill: translate between 中文 and English.';
    const system = { role: 'system', content: `Base prompt.\n${persona}\n${skill}` };
    const { breakdown, parts } = computeTokenBreakdown({
      messages: [system],
      counter,
      classify: () => ({
        segments: [
          { bucket: 'persona', injector: 'persona/main', text: persona },
          { bucket: 'skills', injector: 'skills/translate', text: skill },
        ],
        rest: 'system',
      }),
    });
    expect(breakdown.persona).toBe(counter.countText(persona));
    expect(breakdown.skills).toBe(counter.countText(skill));
    expect(breakdown.system).toBe(counter.countMessage(system) - breakdown.persona - breakdown.skills);
    expect(parts[DEFAULT_PART_ORDER.indexOf('persona')]!.injectors).toEqual({
      'persona/main': breakdown.persona,
    });
  });

  it('classifies plain messages by role when no classifier is given', () => {
    const counter = createTokenCounter();
    const messages: ChatMessageLike[] = [
      { role: 'system', content: 'rules' },
      { role: 'user', content: 'question' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'f' } }],
      },
      { role: 'tool', tool_call_id: 'a', content: 'result' },
      { role: 'assistant', content: 'answer' },
    ];
    const { breakdown } = computeTokenBreakdown({ messages, counter, tools });
    const count = (index: number) => counter.countMessage(messages[index]!);
    expect(breakdown.system).toBe(count(0));
    expect(breakdown.history).toBe(count(1) + count(4));
    expect(breakdown.toolResults).toBe(count(2) + count(3));
    expect(breakdown.toolDefs).toBe(counter.countTools(tools));
  });

  it('adds up, without the reply reserve, to the estimate of the request', () => {
    const counter = createTokenCounter();
    const messages = prompt();
    const { breakdown, estimate } = computeTokenBreakdown({
      messages,
      counter,
      classify,
      tools,
      reservedForReply: 9,
    });
    const sum = TOKEN_BUDGET_BUCKETS.filter((bucket) => bucket !== 'reservedForReply').reduce(
      (total, bucket) => total + breakdown[bucket],
      0,
    );
    expect(estimate).toBe(counter.estimateRequest({ messages, tools }));
    expect(sum).toBe(estimate);
  });
});
