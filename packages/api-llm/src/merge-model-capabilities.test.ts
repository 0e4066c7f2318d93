import { describe, expect, it } from 'vitest';
import { type ModelCapabilities, mergeModelCapabilities } from './index';

const reported: ModelCapabilities = {
  vision: false,
  toolCalls: true,
  thinking: false,
  contextWindow: 32_000,
  maxOutputTokens: 4_096,
};

describe('mergeModelCapabilities', () => {
  it('[HK-3] gives vision to a model whose override says vision although the endpoint did not report it', () => {
    expect(mergeModelCapabilities(reported, { vision: true }).vision).toBe(true);
  });

  it('[HK-3] keeps the vision the endpoint reported when the override says nothing about it', () => {
    const seeing = { ...reported, vision: true };
    expect(mergeModelCapabilities(seeing, { contextWindow: 8_000 })).toEqual({
      ...seeing,
      contextWindow: 8_000,
    });
  });

  it('lets an explicit false override turn a reported capability off', () => {
    expect(mergeModelCapabilities({ ...reported, vision: true }, { vision: false }).vision).toBe(false);
  });

  it('ignores override entries that are undefined', () => {
    expect(mergeModelCapabilities(reported, { maxOutputTokens: undefined })).toEqual(reported);
  });

  it('returns the reported capabilities when there is no override', () => {
    expect(mergeModelCapabilities(reported, undefined)).toBe(reported);
  });
});
