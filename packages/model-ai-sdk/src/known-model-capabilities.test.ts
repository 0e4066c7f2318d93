import { describe, expect, it } from 'vitest';
import { knownModelCapabilities } from './known-model-capabilities';

describe('knownModelCapabilities', () => {
  it.each([
    ['claude-sonnet-4-5', { vision: true, thinking: true, contextWindow: 200_000 }],
    ['claude-3-5-haiku-latest', { thinking: false, maxOutputTokens: 8_192 }],
    ['us.anthropic.claude-3-7-sonnet-20250219-v1:0', { thinking: true, maxOutputTokens: 64_000 }],
    ['gemini-2.5-flash', { vision: true, thinking: true, contextWindow: 1_048_576 }],
    ['models/gemini-2.0-flash', { thinking: false }],
    ['gpt-4o-mini', { vision: true, thinking: false, maxOutputTokens: 16_384 }],
    ['gpt-4.1', { contextWindow: 1_047_576 }],
    ['o4-mini', { thinking: true }],
    ['mistral-large-latest', { vision: false, contextWindow: 128_000 }],
    ['meta.llama3-1-70b-instruct-v1:0', { vision: false }],
    ['meta-llama/Llama-4-Scout-17B-16E-Instruct', { vision: true }],
  ])('knows %s', (modelId, expected) => {
    expect(knownModelCapabilities(modelId)).toMatchObject(expected);
  });

  it('knows nothing of other models', () => {
    expect(knownModelCapabilities('house-model-7b')).toEqual({});
  });
});
