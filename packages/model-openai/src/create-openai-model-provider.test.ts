import type { ModelCapabilities } from '@aalis/api-llm';
import { describe, expect, it } from 'vitest';
import { createOpenAIModelProvider, type OpenAIModelProviderOptions } from './index';

const base: OpenAIModelProviderOptions = {
  baseURL: 'http://127.0.0.1:9/v1',
  models: [{ name: 'gpt-4o-mini' }, { name: 'llava', vision: true, contextWindow: 4_096 }],
};

const defaults: ModelCapabilities = {
  vision: false,
  toolCalls: true,
  thinking: false,
  contextWindow: 128_000,
  maxOutputTokens: 4_096,
};

describe('resolveModel', () => {
  it('resolves the first model without a reference, and the configured default when there is one', async () => {
    expect((await createOpenAIModelProvider(base).resolveModel())?.model).toBe('gpt-4o-mini');
    const withDefault = createOpenAIModelProvider({ ...base, defaultModel: 'llava' });
    expect((await withDefault.resolveModel())?.model).toBe('llava');
  });

  it('resolves provider/model and the bare model id to the same model, named by its full reference', async () => {
    const provider = createOpenAIModelProvider({ ...base, name: 'local' });
    const byRef = await provider.resolveModel('local/llava');
    expect(byRef).toMatchObject({ ref: 'local/llava', provider: 'local', model: 'llava' });
    expect(await provider.resolveModel('llava')).toEqual(byRef);
  });

  it('[OUT-2] resolves undefined for a model that is not configured or belongs to another provider', async () => {
    const provider = createOpenAIModelProvider(base);
    expect(await provider.resolveModel('gpt-9')).toBeUndefined();
    expect(await provider.resolveModel('deepseek/gpt-4o-mini')).toBeUndefined();
  });

  it('registers configured capabilities, with defaults for what the configuration leaves out', async () => {
    const provider = createOpenAIModelProvider(base);
    expect((await provider.resolveModel('gpt-4o-mini'))?.capabilities).toEqual(defaults);
    expect((await provider.resolveModel('llava'))?.capabilities).toEqual({
      ...defaults,
      vision: true,
      contextWindow: 4_096,
    });
  });

  it('gives o-series and gpt-5 models deep thinking by default, but not gpt-5-chat', async () => {
    const provider = createOpenAIModelProvider({
      models: [
        { name: 'o3' },
        { name: 'gpt-5-mini' },
        { name: 'gpt-5-chat-latest' },
        { name: 'deepseek-chat' },
      ],
    });
    const thinking = await Promise.all(
      ['o3', 'gpt-5-mini', 'gpt-5-chat-latest', 'deepseek-chat'].map(
        async (ref) => (await provider.resolveModel(ref))?.capabilities.thinking,
      ),
    );
    expect(thinking).toEqual([true, true, false, false]);
  });

  it('[HK-3] applies capability overrides by model id, then by reference, which wins', async () => {
    const provider = createOpenAIModelProvider({
      ...base,
      capabilityOverrides: {
        'gpt-4o-mini': { vision: true, contextWindow: 64_000 },
        'openai/gpt-4o-mini': { contextWindow: 32_000 },
        'openai/llava': { vision: false },
      },
    });
    expect((await provider.resolveModel('gpt-4o-mini'))?.capabilities).toMatchObject({
      vision: true,
      contextWindow: 32_000,
    });
    expect((await provider.resolveModel('llava'))?.capabilities.vision).toBe(false);
  });

  it('lists every configured model in configuration order', () => {
    const provider = createOpenAIModelProvider(base);
    expect(provider.name).toBe('openai');
    expect(provider.listModels().map((model) => model.ref)).toEqual(['openai/gpt-4o-mini', 'openai/llava']);
  });
});

describe('options', () => {
  it.each<[string, Partial<OpenAIModelProviderOptions>]>([
    ['no model', { models: [] }],
    ['a model without a name', { models: [{ name: '' }] }],
    ['a model listed twice', { models: [{ name: 'a' }, { name: 'a' }] }],
    ['an unknown default model', { defaultModel: 'nope' }],
    ['a base URL that is not http(s)', { baseURL: 'ftp://example.com' }],
    ['a base URL that is not a URL', { baseURL: 'not a url' }],
    ['a provider name with a slash', { name: 'a/b' }],
    ['a negative maxRetries', { maxRetries: -1 }],
    ['a fractional maxRetries', { maxRetries: 1.5 }],
    ['a negative retry delay', { retryBaseDelay: -5 }],
  ])('rejects %s with a TypeError', (_label, options) => {
    expect(() => createOpenAIModelProvider({ ...base, ...options })).toThrow(TypeError);
  });
});
