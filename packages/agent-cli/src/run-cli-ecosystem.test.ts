import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicMessageReply,
  startAnthropicWireServer,
  textBlock,
  toolUseBlock,
} from '../../model-ai-sdk/test/anthropic-wire-server';
import type { ScriptedWireServer } from '../../model-ai-sdk/test/scripted-wire-server';
import { cliIo } from '../test/cli-io';
import { runCli } from './index';

const fixture = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../tools-mcp/test/fixtures/stdio-server.ts',
);
/** `--mcp` for the fixture MCP server of tools-mcp, started as a child process over stdio. */
const fixtureServer = `fixture="${process.execPath}" --import tsx "${fixture}"`;

let directory: string;
let server: ScriptedWireServer;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'aalis-cli-ecosystem-'));
  server = await startAnthropicWireServer();
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

afterEach(() => {
  expect(server.unscripted).toEqual([]);
});

describe('chat with tools of an MCP server and a model of an AI SDK provider', () => {
  it('lists the built-in tools and the MCP server with its tools under /tools', async () => {
    const run = cliIo({ lines: ['/tools'], cwd: directory });
    expect(await runCli(['chat', '--db', ':memory:', '--no-color', '--mcp', fixtureServer], run.io)).toBe(0);
    const output = run.stdout();
    expect(output).toMatch(/mcp fixture \(stdio: .*stdio-server\.ts\) · \d+ tools/);
    expect(output).toContain('built-in: clock, arithmetic');
    expect(output).toMatch(/fixture \(stdio: .*\) · connected/);
    expect(output).toContain('  fixture__echo ← echo');
  });

  it('[TID-3] runs a tool of the MCP server that an Anthropic model calls, and feeds its result back with the call id', async () => {
    server.script(
      anthropicMessageReply({
        inputTokens: 50,
        outputTokens: 9,
        stopReason: 'tool_use',
        blocks: [
          toolUseBlock(0, {
            id: 'toolu_01',
            name: 'fixture__echo',
            jsonPieces: ['{"text":', '"hello from MCP"}'],
          }),
        ],
      }),
      anthropicMessageReply({
        inputTokens: 80,
        outputTokens: 7,
        stopReason: 'end_turn',
        blocks: [textBlock(0, ['The server ', 'said: hello from MCP'])],
      }),
    );
    const env = {
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.url,
      AALIS_MODEL: 'claude-sonnet-4-5',
    };
    const run = cliIo({ lines: ['please echo'], env, cwd: directory });
    const argv = [
      'chat',
      '--db',
      ':memory:',
      '--no-color',
      '--provider',
      'anthropic',
      '--mcp',
      fixtureServer,
    ];
    expect(await runCli(argv, run.io), run.stderr()).toBe(0);
    const output = run.stdout();
    expect(output).toContain(`model: anthropic at ${server.url} (claude-sonnet-4-5)`);
    expect(output).toMatch(/⚙ fixture__echo \{"text":"hello from MCP"\} \[call-[a-z0-9]+-1\]/);
    expect(output).toMatch(/↳ \[call-[a-z0-9]+-1\] hello from MCP/);
    expect(output).toContain('aalis› The server said: hello from MCP');
    const [first, second] = server.requests.slice(-2);
    if (first === undefined || second === undefined) throw new Error('the model was not called twice');
    const offered = (first.body.tools as { name: string }[]).map((tool) => tool.name);
    expect(offered).toEqual(expect.arrayContaining(['clock', 'arithmetic', 'fixture__echo']));
    const results = (second.body.messages as { role: string; content: unknown }[]).at(-1);
    expect(results).toMatchObject({
      role: 'user',
      content: [expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_01' })],
    });
    expect(JSON.stringify(results)).toContain('hello from MCP');
  });
});
