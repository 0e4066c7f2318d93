import { describe, expect, it } from 'vitest';
import { createMcpToolSource } from './create-mcp-tool-source';
import type { McpToolSourceOptions } from './mcp-tool-source';

describe('createMcpToolSource', () => {
  it('refuses invalid options and two servers with one name with a TypeError', () => {
    const create = (options: unknown) => () => createMcpToolSource(options as McpToolSourceOptions);
    expect(create({})).toThrow(/servers/);
    expect(
      create({
        servers: [
          { name: 'a', command: 'x' },
          { name: 'a', url: 'http://127.0.0.1/' },
        ],
      }),
    ).toThrow(/two MCP servers are named a/);
    expect(create({ servers: [], maxResultChars: 0 })).toThrow(/maxResultChars/);
  });

  it('connects nothing before start, and lists each server as connecting', async () => {
    const source = createMcpToolSource({ servers: [{ name: 'web', url: 'http://127.0.0.1:9/mcp' }] });
    expect(source.tools()).toEqual([]);
    expect(source.servers()).toEqual([
      {
        name: 'web',
        transport: 'http',
        target: 'http://127.0.0.1:9/mcp',
        state: 'connecting',
        tools: [],
        toolsLeftOut: 0,
      },
    ]);
    await source.close();
    expect(source.servers()[0]?.state).toBe('closed');
  });

  it('reports a server that cannot be reached, and start() still resolves', async () => {
    const errors: unknown[] = [];
    const source = createMcpToolSource({
      servers: [{ name: 'gone', command: '/nonexistent/mcp-server' }],
      onError: (error) => errors.push(error),
    });
    await source.start();
    expect(source.servers()[0]).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('ENOENT'),
    });
    expect(errors).toEqual([expect.objectContaining({ code: 'MCP_SERVER_UNAVAILABLE', serverName: 'gone' })]);
    await source.close();
  });
});
