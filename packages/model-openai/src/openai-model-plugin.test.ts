import { llm } from '@aalis/api-llm';
import { createApp } from '@aalis/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useScriptedChatServer } from '../test/chat-fixture';
import { localOnlyFetch, textReply } from '../test/scripted-chat-server';
import { openAIModelPlugin } from './index';

const server = useScriptedChatServer();
const apps: { stop(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.stop()));
});

function startApp(): ReturnType<typeof createApp> {
  const app = createApp({ onError: () => {} });
  apps.push(app);
  return app;
}

describe('openAIModelPlugin', () => {
  it('[SVC-4] provides the llm service, reached through its business handle', async () => {
    const app = startApp();
    const instance = app.plugin(openAIModelPlugin, {
      baseURL: server().baseURL,
      models: [{ name: 'test-model' }],
      fetch: localOnlyFetch,
    });
    expect(instance.state).toBe('active');
    server().script(textReply('hello'));
    const model = await app.service(llm).use.resolveModel();
    expect(model?.ref).toBe('openai/test-model');
    if (model === undefined) return;
    const response = await app.service(llm).use.chat({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.content).toBe('hello');
  });

  it('registers each instance under its provider name, so the app can switch between endpoints', async () => {
    const app = startApp();
    app.plugin(openAIModelPlugin, { name: 'first', baseURL: server().baseURL, models: [{ name: 'a' }] });
    app.plugin(openAIModelPlugin, { name: 'second', baseURL: server().baseURL, models: [{ name: 'b' }] });
    expect(app.providers(llm)).toEqual({ names: ['first', 'second'], current: 'first' });
    app.select(llm, 'second');
    expect((await app.service(llm).use.resolveModel())?.ref).toBe('second/b');
  });

  it('withdraws the provider when the instance is disposed', async () => {
    const app = startApp();
    const instance = app.plugin(openAIModelPlugin, { baseURL: server().baseURL, models: [{ name: 'a' }] });
    await instance.dispose();
    expect(app.providers(llm).names).toEqual([]);
  });

  it('fails the instance with the TypeError of invalid options, providing nothing', () => {
    const app = startApp();
    const instance = app.plugin(openAIModelPlugin, { models: [] });
    expect(instance.state).toBe('failed');
    expect(app.providers(llm).names).toEqual([]);
  });
});
