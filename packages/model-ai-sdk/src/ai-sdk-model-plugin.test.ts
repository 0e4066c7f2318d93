import { llm } from '@aalis/api-llm';
import { createApp } from '@aalis/core';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { aiSdkModelPlugin } from './index';

const apps: { stop(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.stop()));
});

function startApp(): ReturnType<typeof createApp> {
  const app = createApp({ onError: () => {} });
  apps.push(app);
  return app;
}

function helloModel(modelId: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    modelId,
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: 'text-delta', id: 't', delta: 'hello' },
          {
            type: 'finish',
            usage: {
              inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 },
              outputTokens: { total: 1, text: 1, reasoning: 0 },
            },
            finishReason: { unified: 'stop', raw: 'stop' },
          },
        ],
        initialDelayInMs: null,
        chunkDelayInMs: null,
      }),
    }),
  });
}

describe('aiSdkModelPlugin', () => {
  it('[SVC-4] provides the llm service under the provider name, reached through its business handle', async () => {
    const app = startApp();
    const instance = app.plugin(aiSdkModelPlugin, {
      name: 'anthropic',
      models: [{ model: helloModel('claude-x') }],
    });
    expect(instance.state).toBe('active');
    expect(app.providers(llm).names).toEqual(['anthropic']);
    const model = await app.service(llm).use.resolveModel();
    expect(model?.ref).toBe('anthropic/claude-x');
    if (model === undefined) return;
    const response = await app.service(llm).use.chat({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.content).toBe('hello');
  });

  it('registers each instance under its own name, so the app can switch between them', async () => {
    const app = startApp();
    app.plugin(aiSdkModelPlugin, { name: 'first', models: [{ model: helloModel('a') }] });
    app.plugin(aiSdkModelPlugin, { name: 'second', models: [{ model: helloModel('b') }] });
    app.select(llm, 'second');
    expect((await app.service(llm).use.resolveModel())?.ref).toBe('second/b');
  });

  it('fails the instance with the TypeError of invalid options, providing nothing', () => {
    const app = startApp();
    const instance = app.plugin(aiSdkModelPlugin, { name: 'x', models: [] });
    expect(instance.state).toBe('failed');
    expect(app.providers(llm).names).toEqual([]);
  });
});
