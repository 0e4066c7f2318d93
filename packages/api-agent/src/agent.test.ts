import type { ModelRef } from '@aalis/api-llm';
import type { PluginOwner, Registrar, ServiceBindContext } from '@aalis/core';
import type { IncomingMessage } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { type AgentService, agent, type PreprocessorFn, preprocessorRegistrar } from './index';

/** A fake provider that records every call; `withPreprocessors` adds preprocessor support. */
function recordingAgent(label: string, options: { withPreprocessors?: boolean } = {}) {
  const calls: string[] = [];
  const preprocessors = new Map<string, PreprocessorFn>();
  const service: AgentService = {
    handleMessage: async (message) => {
      calls.push(`${label} handleMessage ${message.content}`);
    },
    abort: (sessionId, abortOptions) => {
      calls.push(`${label} abort ${sessionId} ${JSON.stringify(abortOptions)}`);
      return abortOptions?.turnId === 'running';
    },
    clearing: async (sessionIds, clear, reason) => {
      calls.push(`${label} clearing ${sessionIds?.join(',')} ${reason}`);
      await clear();
    },
    assignModel: async (sessionId, model: ModelRef) => {
      calls.push(`${label} assignModel ${sessionId} ${model}`);
    },
  };
  if (options.withPreprocessors) {
    service.registerPreprocessor = (name, handler) => {
      preprocessors.set(name, handler);
      return () => preprocessors.delete(name);
    };
  }
  return { service, calls, preprocessors };
}

/** A bind context over a switchable provider; `register` attaches at once and records calls. */
function bindContext(owner: PluginOwner | undefined) {
  let current: AgentService | undefined;
  const registrations: { registrar: string; name: string }[] = [];
  const context: ServiceBindContext<AgentService> = {
    current: () => {
      if (current === undefined) throw new Error('no agent provider');
      return current;
    },
    currentOrUndefined: () => current,
    owner,
    register: <TArgs extends readonly unknown[]>(
      registrar: Registrar<AgentService, TArgs>,
      name: string,
      ...args: TArgs
    ) => {
      registrations.push({ registrar: registrar.id, name });
      const detach = current === undefined ? undefined : registrar.attach(current, { name, owner, args });
      return () => detach?.();
    },
  };
  return {
    context,
    registrations,
    select: (service: AgentService | undefined) => {
      current = service;
    },
  };
}

const hello: IncomingMessage = { content: 'hello', sessionId: 's1', platform: 'web', userId: 'u1' };
const owner: PluginOwner = { instanceId: '@acme/plugin#1', pluginName: '@acme/plugin' };

describe('agent descriptor', () => {
  it('is the `agent` service', () => {
    expect(agent.name).toBe('agent');
  });

  it('[SVC-4] sends every call to the provider selected at the moment of the call', async () => {
    const { context, select } = bindContext(owner);
    const handle = agent.bind(context);
    const first = recordingAgent('first');
    const second = recordingAgent('second');
    select(first.service);
    await handle.handleMessage(hello);
    select(second.service);
    await handle.handleMessage(hello);
    await handle.assignModel('s1', 'openai/gpt-4o-mini');
    expect(first.calls).toEqual(['first handleMessage hello']);
    expect(second.calls).toEqual(['second handleMessage hello', 'second assignModel s1 openai/gpt-4o-mini']);
  });

  it('[ABT-7] passes abort options through and returns whether the provider stopped a turn', () => {
    const { context, select } = bindContext(owner);
    const provider = recordingAgent('p');
    select(provider.service);
    const handle = agent.bind(context);
    expect(handle.abort('s1', { turnId: 'running', queued: true, by: { id: 'u1' } })).toBe(true);
    expect(handle.abort('s1', { turnId: 'ended' })).toBe(false);
    expect(provider.calls[0]).toBe('p abort s1 {"turnId":"running","queued":true,"by":{"id":"u1"}}');
  });

  it('[CLR-1] passes the clear callback and reason of clearing through', async () => {
    const { context, select } = bindContext(owner);
    const provider = recordingAgent('p');
    select(provider.service);
    let cleared = false;
    await agent.bind(context).clearing(
      ['s1'],
      async () => {
        cleared = true;
      },
      'clear command',
    );
    expect(provider.calls).toEqual(['p clearing s1 clear command']);
    expect(cleared).toBe(true);
  });

  it('binds without a provider and reaches one selected later', async () => {
    const { context, select } = bindContext(owner);
    const handle = agent.bind(context);
    await expect(handle.handleMessage(hello)).rejects.toThrow('no agent provider');
    const provider = recordingAgent('late');
    select(provider.service);
    await handle.handleMessage(hello);
    expect(provider.calls).toEqual(['late handleMessage hello']);
  });
});

describe('registerPreprocessor', () => {
  const suffix: PreprocessorFn = async (message, next) => {
    message.content += ' [logged]';
    await next();
  };

  it('[BND-1] registers through the preprocessor registrar under the given name', () => {
    const { context, registrations, select } = bindContext(owner);
    select(recordingAgent('p', { withPreprocessors: true }).service);
    agent.bind(context).registerPreprocessor('suffix', suffix);
    expect(registrations).toEqual([{ registrar: preprocessorRegistrar.id, name: 'suffix' }]);
  });

  it('[BND-1] attaches to the provider under the given name and detaches with the disposer', () => {
    const { context, select } = bindContext(owner);
    const provider = recordingAgent('p', { withPreprocessors: true });
    select(provider.service);
    const dispose = agent.bind(context).registerPreprocessor('suffix', suffix);
    expect([...provider.preprocessors.keys()]).toEqual(['suffix']);
    expect(provider.preprocessors.get('suffix')).toBe(suffix);
    dispose();
    expect(provider.preprocessors.size).toBe(0);
  });

  it('[BND-2] attaches nothing to a provider without preprocessor support', () => {
    const provider = recordingAgent('p');
    const detach = preprocessorRegistrar.attach(provider.service, { name: 'suffix', owner, args: [suffix] });
    expect(detach).toBeUndefined();
  });
});
