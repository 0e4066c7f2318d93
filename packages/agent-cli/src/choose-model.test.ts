import { describe, expect, it } from 'vitest';
import { chooseModel } from './choose-model';
import { CliUsageError } from './cli-usage-error';

describe('chooseModel', () => {
  it('runs on the scripted model unless an endpoint is configured or a provider is named', () => {
    expect(chooseModel(undefined, {})).toBe('scripted');
    expect(chooseModel('scripted', { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toBe('scripted');
    expect(chooseModel(undefined, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toMatchObject({
      baseURL: 'http://127.0.0.1:9/v1',
    });
  });

  it('takes OpenAI itself for --provider openai with only a key', () => {
    expect(chooseModel('openai', { OPENAI_API_KEY: 'sk-test' })).toMatchObject({
      baseURL: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      defaultModel: 'gpt-4o-mini',
    });
  });

  it('makes AI SDK models of anthropic and google from their usual key variables and AALIS_MODEL', () => {
    const anthropic = chooseModel('anthropic', { ANTHROPIC_API_KEY: 'k', AALIS_MODEL: 'claude-a, claude-b' });
    if (anthropic === 'scripted' || !('aiSdk' in anthropic)) throw new Error('not an AI SDK model');
    expect(anthropic.aiSdk.name).toBe('anthropic');
    expect(
      anthropic.aiSdk.models.map((entry) => [entry.name, entry.model.modelId, entry.model.provider]),
    ).toEqual([
      ['claude-a', 'claude-a', 'anthropic.messages'],
      ['claude-b', 'claude-b', 'anthropic.messages'],
    ]);
    expect(anthropic.description).toBe('anthropic (claude-a)');
    const google = chooseModel('google', {
      GEMINI_API_KEY: 'k',
      GOOGLE_GENERATIVE_AI_BASE_URL: 'http://127.0.0.1:9/v1beta',
    });
    if (google === 'scripted' || !('aiSdk' in google)) throw new Error('not an AI SDK model');
    expect(google.aiSdk.models[0]?.model.modelId).toBe('gemini-2.5-flash');
    expect(google.description).toBe('google at http://127.0.0.1:9/v1beta (gemini-2.5-flash)');
  });

  it('names the missing variable when a provider has no key', () => {
    expect(() => chooseModel('anthropic', {})).toThrow(
      new CliUsageError('--provider anthropic needs ANTHROPIC_API_KEY'),
    );
    expect(() => chooseModel('google', { ANTHROPIC_API_KEY: 'k' })).toThrow(
      /--provider google needs GOOGLE_GENERATIVE_AI_API_KEY or GEMINI_API_KEY/,
    );
    expect(() => chooseModel('openai', {})).toThrow(
      /--provider openai needs OPENAI_API_KEY or OPENAI_BASE_URL/,
    );
  });
});
