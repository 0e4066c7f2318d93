import { describe, expect, it } from 'vitest';
import { formatToolListing } from './format-tool-listing';
import { createTerminalOutput } from './terminal-output';

const { style } = createTerminalOutput({ sink: { write: () => {} }, color: false });

describe('formatToolListing', () => {
  it('lists the built-in tools, then each MCP server with its state and tools', () => {
    const lines = formatToolListing({
      toolNames: ['clock', 'arithmetic', 'notes__add', 'notes__search'],
      servers: [
        {
          name: 'notes',
          transport: 'stdio',
          target: 'node notes.mjs',
          state: 'connected',
          tools: [
            { name: 'notes__add', mcpName: 'add' },
            { name: 'notes__search', mcpName: 'search' },
          ],
          toolsLeftOut: 2,
        },
        {
          name: 'web',
          transport: 'http',
          target: 'http://127.0.0.1:3000/mcp',
          state: 'failed',
          tools: [],
          toolsLeftOut: 0,
          lastError: 'connection refused',
        },
      ],
      style,
    });
    expect(lines).toEqual([
      'built-in: clock, arithmetic',
      'notes (stdio: node notes.mjs) · connected',
      '  notes__add ← add',
      '  notes__search ← search',
      '  2 more left out',
      'web (http: http://127.0.0.1:3000/mcp) · failed · connection refused',
      '  no tools',
    ]);
  });

  it('says how to add MCP servers when there are none', () => {
    expect(formatToolListing({ toolNames: [], servers: [], style })).toEqual([
      'built-in: none',
      'no MCP servers (chat --mcp "<command>" or --mcp-url <url>)',
    ]);
  });
});
