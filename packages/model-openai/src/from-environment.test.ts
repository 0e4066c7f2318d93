import { describe, expect, it } from 'vitest';
import { fromEnvironment } from './index';

describe('fromEnvironment', () => {
  it('gives nothing when OPENAI_BASE_URL is not set or empty', () => {
    expect(fromEnvironment({ OPENAI_API_KEY: 'sk', AALIS_MODEL: 'x' })).toBeUndefined();
    expect(fromEnvironment({ OPENAI_BASE_URL: '  ' })).toBeUndefined();
  });

  it('reads the base URL, the key and the model', () => {
    expect(
      fromEnvironment({
        OPENAI_BASE_URL: 'https://api.deepseek.com/v1',
        OPENAI_API_KEY: 'sk-test',
        AALIS_MODEL: 'deepseek-chat',
      }),
    ).toEqual({
      baseURL: 'https://api.deepseek.com/v1',
      apiKey: 'sk-test',
      models: [{ name: 'deepseek-chat' }],
      defaultModel: 'deepseek-chat',
    });
  });

  it('takes several comma-separated models, the first as default, and no key when none is set', () => {
    const options = fromEnvironment({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AALIS_MODEL: 'qwen3, llava ,',
    });
    expect(options).toMatchObject({ models: [{ name: 'qwen3' }, { name: 'llava' }], defaultModel: 'qwen3' });
    expect(options?.apiKey).toBeUndefined();
  });

  it('defaults the model to gpt-4o-mini', () => {
    expect(fromEnvironment({ OPENAI_BASE_URL: 'https://api.openai.com/v1' })?.models).toEqual([
      { name: 'gpt-4o-mini' },
    ]);
  });
});
