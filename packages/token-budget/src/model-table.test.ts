import { describe, expect, it } from 'vitest';
import { createModelTable, DEFAULT_MODEL_LIMITS, encodingForModel, UnknownEncodingError } from './index';

describe('model table', () => {
  const table = createModelTable();

  it('knows common OpenAI-compatible models', () => {
    for (const model of ['gpt-4o', 'gpt-4.1', 'o3-mini', 'gpt-5', 'deepseek-chat', 'qwen-plus', 'llama3.1']) {
      expect(table.lookup(model), model).toBeDefined();
    }
    expect(table.lookup('gpt-4o')).toEqual({
      contextWindow: 128_000,
      maxOutput: 16_384,
      encoding: 'o200k_base',
    });
  });

  it('matches the longest prefix, so dated and sized variants find their family', () => {
    expect(table.lookup('gpt-4o-mini-2024-07-18')).toEqual(DEFAULT_MODEL_LIMITS['gpt-4o']);
    expect(table.lookup('gpt-4-0613')).toEqual(DEFAULT_MODEL_LIMITS['gpt-4']);
    expect(table.lookup('gpt-4-turbo-2024-04-09')).toEqual(DEFAULT_MODEL_LIMITS['gpt-4-turbo']);
    expect(table.lookup('o1-mini-2024-09-12')).toEqual(DEFAULT_MODEL_LIMITS['o1-mini']);
    expect(table.lookup('gpt-5-chat-latest')).toEqual(DEFAULT_MODEL_LIMITS['gpt-5-chat']);
  });

  it('ignores case and a vendor path in front of the name', () => {
    expect(table.lookup('meta-llama/Llama-3.1-70B-Instruct')).toEqual(DEFAULT_MODEL_LIMITS['llama-3.1']);
    expect(table.lookup('deepseek-ai/DeepSeek-R1')).toEqual(DEFAULT_MODEL_LIMITS['deepseek-r1']);
    expect(table.lookup('openai/GPT-4o')).toEqual(DEFAULT_MODEL_LIMITS['gpt-4o']);
  });

  it('returns undefined for a model it does not know', () => {
    expect(table.lookup('my-finetune')).toBeUndefined();
  });

  it("lets the caller's entries win over the defaults and add models", () => {
    const custom = createModelTable({
      entries: {
        'gpt-4o': { contextWindow: 32_000, maxOutput: 4_000 },
        'my-finetune': { contextWindow: 8_000, maxOutput: 1_000, encoding: 'cl100k_base' },
      },
    });
    expect(custom.lookup('gpt-4o-mini')).toEqual({
      contextWindow: 32_000,
      maxOutput: 4_000,
      encoding: 'o200k_base',
    });
    expect(custom.lookup('my-finetune-v2')?.contextWindow).toBe(8_000);
    expect(custom.encodingFor('my-finetune-v2')).toBe('cl100k_base');
    expect(custom.lookup('gpt-4.1')).toEqual(DEFAULT_MODEL_LIMITS['gpt-4.1']);
  });

  it('can start without the defaults', () => {
    const bare = createModelTable({
      withoutDefaults: true,
      entries: { local: { contextWindow: 4_096, maxOutput: 512 } },
    });
    expect(bare.lookup('gpt-4o')).toBeUndefined();
    expect(bare.lookup('local-7b')?.contextWindow).toBe(4_096);
  });

  it('rejects an entry with a bad figure or an unknown encoding', () => {
    expect(() => createModelTable({ entries: { bad: { contextWindow: 0, maxOutput: 1 } } })).toThrow(
      TypeError,
    );
    expect(() =>
      createModelTable({
        entries: { bad: { contextWindow: 10, maxOutput: 1, encoding: 'r50k_base' as never } },
      }),
    ).toThrow(UnknownEncodingError);
  });
});

describe('encodingForModel', () => {
  it('maps GPT-4 and GPT-3.5 to cl100k_base and everything else to o200k_base', () => {
    expect(encodingForModel('gpt-4')).toBe('cl100k_base');
    expect(encodingForModel('gpt-3.5-turbo-0125')).toBe('cl100k_base');
    expect(encodingForModel('gpt-4o')).toBe('o200k_base');
    expect(encodingForModel('o4-mini')).toBe('o200k_base');
    expect(encodingForModel('qwen3-32b')).toBe('o200k_base');
    expect(encodingForModel('unknown-model')).toBe('o200k_base');
  });
});
