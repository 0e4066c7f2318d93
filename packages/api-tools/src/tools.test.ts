import type { Registrar, ServiceBindContext } from '@aalis/core';
import { describe, expect, it } from 'vitest';
import { type Tool, type ToolInvocation, type ToolsService, toolRegistrar, tools } from './index';

const clock: Tool = {
  name: 'clock',
  description: 'The current time.',
  parameters: { type: 'object', properties: {} },
  execute: async () => '12:00',
};

function fakeTools(label: string, registered?: Tool[]): ToolsService {
  const service: ToolsService = {
    listTools: async () => [{ name: label, description: '', parameters: {} }],
    execute: async (invocation) => ({ content: `${label}:${invocation.name}` }),
  };
  if (registered === undefined) return service;
  return {
    ...service,
    registerTool: (tool) => {
      registered.push(tool);
      return () => registered.splice(registered.indexOf(tool), 1);
    },
  };
}

/** A bind context whose `register` attaches at once to the current provider, and records calls. */
function bindContext(getCurrent: () => ToolsService) {
  const registrations: { registrar: string; name: string }[] = [];
  const context: ServiceBindContext<ToolsService> = {
    current: getCurrent,
    currentOrUndefined: getCurrent,
    owner: { instanceId: 'plugin#1', pluginName: 'plugin' },
    register: <TArgs extends readonly unknown[]>(
      registrar: Registrar<ToolsService, TArgs>,
      name: string,
      ...args: TArgs
    ) => {
      registrations.push({ registrar: registrar.id, name });
      const detach = registrar.attach(getCurrent(), { name, owner: context.owner, args });
      return () => detach?.();
    },
  };
  return { context, registrations };
}

const invocation: ToolInvocation = {
  name: 'clock',
  args: {},
  toolCallContext: {
    sessionId: 's',
    turnId: 't',
    callId: 'c',
    platform: 'web',
    acceptsImages: false,
    signal: new AbortController().signal,
  },
};

describe('tools descriptor', () => {
  it('is the `tools` service', () => {
    expect(tools.name).toBe('tools');
  });

  it('forwards listing and execution to the provider selected at the moment of the call', async () => {
    let current = fakeTools('first');
    const handle = tools.bind(bindContext(() => current).context);
    expect((await handle.execute(invocation)).content).toBe('first:clock');
    current = fakeTools('second');
    expect(await handle.listTools({ sessionId: 's' })).toEqual([
      { name: 'second', description: '', parameters: {} },
    ]);
  });

  it('registers a tool through the tool registrar under the tool name', () => {
    const registered: Tool[] = [];
    const { context, registrations } = bindContext(() => fakeTools('p', registered));
    const dispose = tools.bind(context).registerTool(clock);
    expect(registrations).toEqual([{ registrar: toolRegistrar.id, name: 'clock' }]);
    expect(registered).toEqual([clock]);
    dispose();
    expect(registered).toEqual([]);
  });
});

describe('toolRegistrar', () => {
  it('attaches nothing to a provider without registerTool', () => {
    const detach = toolRegistrar.attach(fakeTools('p'), { name: 'clock', owner: undefined, args: [clock] });
    expect(detach).toBeUndefined();
  });
});
