import type { ServiceBindContext } from '@aalis/core';
import { describe, expect, it } from 'vitest';
import { type LlmService, llm, type ResolvedModel } from './index';

function fakeLlm(provider: string): LlmService {
  return {
    resolveModel: async (ref) => ({
      ref: ref ?? 'default',
      provider,
      model: 'm',
      capabilities: { vision: false, toolCalls: true, thinking: false, contextWindow: 1, maxOutputTokens: 1 },
    }),
    chat: async () => ({ content: provider, toolCalls: [] }),
  };
}

describe('llm descriptor', () => {
  it('is the `llm` service', () => {
    expect(llm.name).toBe('llm');
  });

  it('forwards each call to the provider selected at the moment of the call', async () => {
    let current = fakeLlm('first');
    const context: ServiceBindContext<LlmService> = {
      current: () => current,
      currentOrUndefined: () => current,
      owner: undefined,
      register: () => () => {},
    };
    const handle = llm.bind(context);
    const model = (await handle.resolveModel()) as ResolvedModel;
    expect(model.provider).toBe('first');
    current = fakeLlm('second');
    expect((await handle.chat({ model, messages: [] })).content).toBe('second');
  });
});
