import { createApp, definePlugin, optional } from '@aalis/core';
import type { IncomingMessage } from '@aalis/schema-message';
import { afterEach, describe, expect, it } from 'vitest';
import { type AgentService, agent, type PreprocessorFn } from './index';

/** A minimal provider; with `preprocessors` it supports them and runs them in handleMessage. */
function fakeProvider(preprocessors?: Map<string, PreprocessorFn>): AgentService & { handled: string[] } {
  const handled: string[] = [];
  const provider: AgentService & { handled: string[] } = {
    handled,
    handleMessage: async (message) => {
      const chain = [...(preprocessors?.values() ?? [])];
      const run = async (index: number): Promise<void> => {
        const preprocessor = chain[index];
        if (preprocessor === undefined) handled.push(message.content);
        else await preprocessor(message, () => run(index + 1));
      };
      await run(0);
    },
    abort: () => false,
    clearing: async (_sessionIds, clear) => {
      await clear();
    },
    assignModel: async () => {},
  };
  if (preprocessors !== undefined) {
    provider.registerPreprocessor = (name, handler) => {
      preprocessors.set(name, handler);
      return () => {
        if (preprocessors.get(name) === handler) preprocessors.delete(name);
      };
    };
  }
  return provider;
}

const examplePlugin = definePlugin({
  name: '@acme/plugin-example-agent',
  uses: { agent: optional(agent) },
  apply({ agent }) {
    agent.use.registerPreprocessor('suffix', async (message, next) => {
      message.content += ' [logged]';
      await next();
    });
  },
});

const message = (): IncomingMessage => ({ content: 'hi', sessionId: 's1', platform: 'web', userId: 'u1' });

describe('the agent descriptor in a host', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('[BND-2] [BND-1] takes effect once a supporting provider becomes current, and moves with provider switches', async () => {
    const app = createApp();
    stop = () => app.stop();
    const plain = fakeProvider();
    const supportingPreprocessors = new Map<string, PreprocessorFn>();
    const supporting = fakeProvider(supportingPreprocessors);
    app.provide(agent, plain, { name: 'plain' });
    app.plugin(examplePlugin);
    const caller = app.service(agent);

    await caller.use.handleMessage(message());
    expect(plain.handled).toEqual(['hi']);

    app.provide(agent, supporting, { name: 'supporting' });
    app.select(agent, 'supporting');
    await caller.use.handleMessage(message());
    expect(supporting.handled).toEqual(['hi [logged]']);
    expect([...supportingPreprocessors.keys()]).toEqual(['suffix']);

    app.select(agent, 'plain');
    expect(supportingPreprocessors.size).toBe(0);
  });

  it('[BND-1] withdraws the preprocessor when the registering plugin is unloaded', async () => {
    const app = createApp();
    stop = () => app.stop();
    const preprocessors = new Map<string, PreprocessorFn>();
    app.provide(agent, fakeProvider(preprocessors), { name: 'supporting' });
    const instance = app.plugin(examplePlugin);
    expect([...preprocessors.keys()]).toEqual(['suffix']);
    await instance.dispose();
    expect(preprocessors.size).toBe(0);
  });
});
