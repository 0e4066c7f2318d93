import { createScriptedModel, createScriptedTools } from '@aalis/agent-conformance/testing';
import { agent } from '@aalis/api-agent';
import { createHooksService, hooks } from '@aalis/api-hooks';
import { llm } from '@aalis/api-llm';
import { memory } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { type Tool, type ToolsService, tools } from '@aalis/api-tools';
import { InMemoryArchiveStore } from '@aalis/archive-adapter';
import { createApp } from '@aalis/core';
import { agentPlugin } from '@aalis/plugin-agent';
import { describe, expect, it } from 'vitest';
import { mcpToolsPlugin } from '../src/index';
import { callContext, deferred, isRunning, stdioFixture } from './support/test-context';

/** Scripted tools whose registrations the test can wait for by name. */
function watchedTools() {
  const scripted = createScriptedTools();
  const waiting = new Map<string, () => void>();
  const service: ToolsService = {
    ...scripted.service,
    registerTool: (tool: Tool) => {
      const dispose = scripted.service.registerTool!(tool);
      waiting.get(tool.name)?.();
      return dispose;
    },
  };
  const registered = (name: string) => {
    const done = deferred();
    waiting.set(name, done.resolve);
    return done.promise;
  };
  const names = async () => (await service.listTools({ sessionId: 's1' })).map((tool) => tool.name);
  return { service, registered, names };
}

describe('mcpToolsPlugin', () => {
  it('registers every tool of its servers, follows list changes, and ends the servers when the app stops', async () => {
    const app = createApp();
    const watched = watchedTools();
    app.provide(tools, watched.service);
    const instance = app.plugin(mcpToolsPlugin, { servers: [stdioFixture('files')] });
    await app.settled();
    expect(instance.state).toBe('active');
    expect(await watched.names()).toContain('files__echo');
    const use = app.service(tools).use;
    const run = (name: string, args: Record<string, unknown> = {}) =>
      use.execute({ name, args, toolCallContext: callContext() });
    expect(await run('files__echo', { text: 'hi' })).toEqual({ content: 'hi' });
    const late = watched.registered('files__late');
    await run('files__add_tool', { name: 'late' });
    await late;
    expect(await run('files__late')).toEqual({ content: 'late answer' });
    const pid = Number((await run('files__pid')).content);
    await app.stop();
    expect(isRunning(pid)).toBe(false);
    expect(await watched.names()).toEqual([]);
  });

  it('fails the instance with a TypeError for an invalid configuration', async () => {
    const app = createApp({ onError: () => {} });
    app.provide(tools, createScriptedTools().service);
    const instance = app.plugin(mcpToolsPlugin, {
      servers: [{ name: 'bad name', url: 'http://127.0.0.1:1/' }],
    });
    await app.settled();
    expect(instance.state).toBe('failed');
    await app.stop();
  });
});

describe('an MCP tool through the default agent', () => {
  it('[TID-3] the model calls MCP tools and reads their results, an isError one and a server error too, under its call ids', async () => {
    const model = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { id: 'call_echo', name: 'files__echo', arguments: { text: 'from the server' } },
            { id: 'call_fail', name: 'files__fail', arguments: {} },
            { id: 'call_rpc', name: 'files__rpc_error', arguments: {} },
          ],
        },
        { text: 'done' },
      ],
    });
    const app = createApp();
    const store = new InMemoryArchiveStore();
    app.provide(hooks, createHooksService());
    app.provide(llm, model.service);
    app.provide(tools, createScriptedTools().service);
    app.provide(messageArchive, store);
    app.provide(memory, store);
    app.plugin(mcpToolsPlugin, { servers: [stdioFixture('files')] });
    app.plugin(agentPlugin, { logger: { info() {}, warn() {}, error() {} } });
    await app.settled();
    await app
      .service(agent)
      .use.handleMessage({ content: 'use the tools', sessionId: 's1', platform: 'test', userId: 'u1' });
    await app.stop();
    expect(model.requests[0]?.tools?.map((tool) => tool.name)).toContain('files__echo');
    const toolMessages = model.requests[1]?.messages.filter((message) => message.role === 'tool');
    expect(toolMessages).toEqual([
      expect.objectContaining({ toolCallId: 'call_echo', content: 'from the server' }),
      expect.objectContaining({ toolCallId: 'call_fail', content: 'the file notes.txt does not exist' }),
      expect.objectContaining({
        toolCallId: 'call_rpc',
        content: expect.stringContaining('the path must be absolute'),
      }),
    ]);
    expect(model.requests).toHaveLength(2);
  });
});
