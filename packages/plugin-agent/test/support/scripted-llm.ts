import type { ChatRequest, ChatResponse, LlmService, ResolvedModel } from '@aalis/api-llm';
import { ChatAbortedError } from '@aalis/api-llm';

/** One scripted model step: a response, or a function of the request (may wait, may throw). */
export type ScriptedStep = Partial<ChatResponse> | ((request: ChatRequest) => Promise<Partial<ChatResponse>>);

/**
 * A model for the plugin's own tests: answers each call with the next step of its script
 * and records every request. An unscripted call fails loudly.
 */
export function scriptedLlm(steps: ScriptedStep[], options: { readonly contextWindow?: number } = {}) {
  const requests: ChatRequest[] = [];
  const model: ResolvedModel = {
    ref: 'scripted/model',
    provider: 'scripted',
    model: 'model',
    capabilities: {
      vision: false,
      toolCalls: true,
      thinking: false,
      contextWindow: options.contextWindow ?? 32_000,
      maxOutputTokens: 1_000,
    },
  };
  const service: LlmService = {
    resolveModel: async () => model,
    async chat(request) {
      requests.push(request);
      const step = steps.shift();
      if (step === undefined) throw new Error(`unscripted model call #${requests.length}`);
      if (request.signal?.aborted) throw new ChatAbortedError({ cause: request.signal.reason });
      const partial = typeof step === 'function' ? await step(request) : step;
      if (partial.content) request.onDelta?.({ type: 'content', text: partial.content });
      return { content: '', toolCalls: [], ...partial };
    },
  };
  return { service, requests, model };
}

/** A step that waits until the call is aborted, then rejects as a provider would. */
export function untilAborted(request: ChatRequest): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new ChatAbortedError({ cause: request.signal?.reason }));
    if (request.signal?.aborted) fail();
    else request.signal?.addEventListener('abort', fail, { once: true });
  });
}
