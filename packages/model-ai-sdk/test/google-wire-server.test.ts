import { ChatAbortedError, type ChatDelta, ChatFailedError, type LlmService } from '@aalis/api-llm';
import { ModelRateLimitedError } from '@aalis/model-provider-utils';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAiSdkModelProvider } from '../src/index';
import { chatOnce, QUESTION } from './chat-once';
import { deferred } from './deferred';
import {
  geminiChunk,
  geminiStreamReply,
  googleErrorReply,
  startGoogleWireServer,
  textPart,
  thoughtPart,
} from './google-wire-server';
import { localOnlyFetch } from './local-only-fetch';
import type { ScriptedWireServer } from './scripted-wire-server';
import { hangingReply } from './wire-replies';

describe('the local Gemini API server, read by @ai-sdk/google through the provider', () => {
  let server: ScriptedWireServer;
  let provider: LlmService;
  beforeEach(async () => {
    server = await startGoogleWireServer();
    const google = createGoogleGenerativeAI({
      baseURL: server.url,
      apiKey: 'test-key',
      fetch: localOnlyFetch,
    });
    provider = createAiSdkModelProvider({
      name: 'google',
      models: [{ model: google('gemini-2.5-flash'), thinking: true }],
      maxRetries: 0,
    });
  });
  afterEach(async () => {
    await server.close();
    expect(server.unscripted).toEqual([]);
  });

  it('[USG-2] thought parts arrive as reasoning deltas, text parts as content, promptTokenCount as prompt tokens', async () => {
    server.script(
      geminiStreamReply([
        geminiChunk({ parts: [thoughtPart('Rayleigh ')] }),
        geminiChunk({ parts: [thoughtPart('scattering.')] }),
        geminiChunk({ parts: [textPart('Short ')] }),
        geminiChunk({
          parts: [textPart('waves scatter.')],
          finishReason: 'STOP',
          usage: { prompt: 42, candidates: 4, thoughts: 13 },
        }),
      ]),
    );
    const deltas: ChatDelta[] = [];

    const response = await chatOnce(provider, { onDelta: (delta) => deltas.push(delta) });

    expect(deltas).toEqual([
      { type: 'reasoning', text: 'Rayleigh ' },
      { type: 'reasoning', text: 'scattering.' },
      { type: 'content', text: 'Short ' },
      { type: 'content', text: 'waves scatter.' },
    ]);
    expect(response).toMatchObject({
      content: 'Short waves scatter.',
      reasoning: 'Rayleigh scattering.',
      toolCalls: [],
      usage: { promptTokens: 42 },
    });
    expect(server.requests[0]).toMatchObject({
      url: '/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      body: {
        contents: [{ role: 'user', parts: [{ text: QUESTION }] }],
        generationConfig: { thinkingConfig: { includeThoughts: true } },
      },
    });
  });

  it('a 429 RESOURCE_EXHAUSTED without retries left rejects with ChatFailedError caused by ModelRateLimitedError', async () => {
    server.script(
      googleErrorReply({
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'You exceeded your current quota, please check your plan and billing details.',
      }),
    );

    const failure = await chatOnce(provider).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ChatFailedError);
    expect((failure as ChatFailedError).cause).toBeInstanceOf(ModelRateLimitedError);
    expect((failure as ChatFailedError).cause).toMatchObject({ code: 'MODEL_RATE_LIMITED' });
    expect(server.requests).toHaveLength(1);
  });

  it('[ABT-1] aborting the signal after the first streamed delta rejects with ChatAbortedError and closes the connection', async () => {
    const closed = deferred();
    server.script(hangingReply([geminiChunk({ parts: [textPart('Once upon')] })], { closed }));
    const controller = new AbortController();
    const firstDelta = deferred();

    const call = chatOnce(provider, { signal: controller.signal, onDelta: () => firstDelta.resolve() });
    await firstDelta.promise;
    controller.abort(new Error('stopped by the test'));

    await expect(call).rejects.toBeInstanceOf(ChatAbortedError);
    await closed.promise;
    expect(server.requests).toHaveLength(1);
  });
});
