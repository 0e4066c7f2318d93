import { describe, expect, it } from 'vitest';
import type { McpServerConfig } from './mcp-server-config';
import { resolveServerConfig } from './resolve-server-config';

const invalid = (config: unknown) => () => resolveServerConfig(config as McpServerConfig);

describe('resolveServerConfig', () => {
  it('fills in the defaults of a stdio server and names its command line', () => {
    expect(
      resolveServerConfig({ name: 'files', command: 'mcp-files', args: ['--root', '/tmp'] }),
    ).toMatchObject({
      transport: 'stdio',
      target: 'mcp-files --root /tmp',
      callTimeout: 60_000,
      connectTimeout: 30_000,
      maxTools: 1_000,
      stderr: 'capture',
    });
  });

  it('takes an http(s) URL and its headers', () => {
    const resolved = resolveServerConfig({ name: 'web', url: 'https://mcp.test/mcp', headers: { a: 'b' } });
    expect(resolved).toMatchObject({
      transport: 'http',
      target: 'https://mcp.test/mcp',
      headers: { a: 'b' },
    });
  });

  it('refuses invalid configurations with a TypeError', () => {
    expect(invalid({ name: 'a b', command: 'x' })).toThrow(TypeError);
    expect(invalid({ name: 'x'.repeat(33), command: 'x' })).toThrow(TypeError);
    expect(invalid({ name: 'a' })).toThrow(/either a command/);
    expect(invalid({ name: 'a', command: 'x', url: 'http://x' })).toThrow(/either a command/);
    expect(invalid({ name: 'a', url: 'ftp://x' })).toThrow(/http/);
    expect(invalid({ name: 'a', url: 'not a url' })).toThrow(TypeError);
    expect(invalid({ name: 'a', command: 'x', args: [1] })).toThrow(/args/);
    expect(invalid({ name: 'a', command: 'x', env: { A: 1 } })).toThrow(/env/);
    expect(invalid({ name: 'a', command: 'x', callTimeout: 0 })).toThrow(/callTimeout/);
    expect(invalid({ name: 'a', command: 'x', connectTimeout: 1.5 })).toThrow(/connectTimeout/);
    expect(invalid({ name: 'a', command: 'x', stderr: 'file' })).toThrow(/stderr/);
    expect(invalid(null)).toThrow(TypeError);
  });
});
