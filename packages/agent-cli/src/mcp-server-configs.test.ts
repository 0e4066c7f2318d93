import { describe, expect, it } from 'vitest';
import { mcpServerConfigs } from './mcp-server-configs';

describe('mcpServerConfigs', () => {
  it('splits each --mcp command and names the server after its package or script', () => {
    expect(
      mcpServerConfigs(
        [
          'npx -y @modelcontextprotocol/server-filesystem@latest "/tmp/my files"',
          'node ./servers/weather.mjs --verbose',
          'uvx mcp-server-git',
          '/usr/local/bin/notes-mcp',
        ],
        [],
      ),
    ).toEqual([
      {
        name: 'filesystem',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem@latest', '/tmp/my files'],
      },
      { name: 'weather', command: 'node', args: ['./servers/weather.mjs', '--verbose'] },
      { name: 'git', command: 'uvx', args: ['mcp-server-git'] },
      { name: 'notes', command: '/usr/local/bin/notes-mcp', args: [] },
    ]);
  });

  it('takes a name= prefix as the name, and keeps every name unique', () => {
    const servers = mcpServerConfigs(
      ['fs=npx -y @modelcontextprotocol/server-filesystem .', 'node weather.mjs', 'node weather.mjs'],
      ['https://mcp.linear.app/mcp', 'docs=http://127.0.0.1:3000/mcp', 'http://127.0.0.1:3001/mcp'],
    );
    expect(servers.map((server) => server.name)).toEqual([
      'fs',
      'weather',
      'weather_2',
      'linear',
      'docs',
      'local',
    ]);
    expect(servers[4]).toEqual({ name: 'docs', url: 'http://127.0.0.1:3000/mcp' });
  });

  it('refuses a URL that is not http(s) and a command without a program', () => {
    expect(() => mcpServerConfigs([], ['ftp://example.com'])).toThrow(/--mcp-url takes an http\(s\) URL/);
    expect(() => mcpServerConfigs([], ['not a url'])).toThrow(/--mcp-url/);
    expect(() => mcpServerConfigs(['fs=   '], [])).toThrow(/needs a program/);
  });
});
