import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@aalis/api-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMcpToolSource,
  McpCallTimeoutError,
  McpRequestError,
  McpServerClosedError,
  McpServerUnavailableError,
  type McpToolSource,
  type ToolsMcpError,
} from '../src/index';
import { createFixtureServer } from './fixtures/fixture-server';
import { type HttpFixture, startHttpServer } from './support/start-http-server';
import { callContext, deferred, isRunning, stdioFixture } from './support/test-context';

describe('an MCP tool source over a stdio server and a Streamable HTTP server', () => {
  let http: HttpFixture;
  let source: McpToolSource;
  let directory: string;
  const errors: ToolsMcpError[] = [];
  const tool = (name: string): Tool => {
    const found = source.tools().find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no tool ${name} in ${source.tools().map((t) => t.name)}`);
    return found;
  };
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    tool(name).execute(args, callContext());
  const pidOf = async (name = 'files__pid') => Number(((await call(name)) as { content: string }).content);

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'aalis-mcp-'));
    http = await startHttpServer(() => createFixtureServer());
    source = createMcpToolSource({
      servers: [
        stdioFixture('files', { env: { FIXTURE_PAGE_SIZE: '3' }, callTimeout: 1_000 }),
        { name: 'web', url: http.url },
        stdioFixture('fragile', { env: { FIXTURE_REFUSE_START_IF: join(directory, 'refuse') } }),
      ],
      onError: (error) => errors.push(error),
    });
    await source.start();
  });
  afterAll(async () => {
    await source.close();
    await http.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('lists every tool of every server, following pagination, namespaced by server', () => {
    const names = source.tools().map((candidate) => candidate.name);
    expect(names).toContain('files__echo');
    expect(names).toContain('web__echo');
    expect(names).toContain('files__remove_tool');
    expect(new Set(names).size).toBe(names.length);
    const statuses = source.servers();
    expect(statuses.map(({ name, transport, state }) => [name, transport, state])).toEqual([
      ['files', 'stdio', 'connected'],
      ['web', 'http', 'connected'],
      ['fragile', 'stdio', 'connected'],
    ]);
    expect(statuses[0]?.tools).toContainEqual({ name: 'files__echo', mcpName: 'echo' });
    expect(statuses[0]?.target).toMatch(/stdio-server\.ts$/);
    expect(statuses[1]?.target).toBe(http.url.href);
  });

  it('gives each tool its description and its input schema as parameters', () => {
    const echo = tool('files__echo');
    expect(echo.description).toBe('Echoes the text.');
    expect(echo.parameters).toEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    });
    expect(tool('files__pid').description).toBe('The tool pid of the MCP server files.');
  });

  it('calls a tool over stdio and over HTTP and returns its text', async () => {
    expect(await call('files__echo', { text: 'hello' })).toEqual({ content: 'hello' });
    expect(await call('web__echo', { text: 'over http' })).toEqual({ content: 'over http' });
  });

  it('summarises non-text content and keeps images and audio as attachments', async () => {
    const result = await call('files__media');
    expect(typeof result === 'object' && result.content.split('\n')).toEqual([
      '[image: image/png, 12 KB]',
      '[audio: audio/wav, 300 B]',
      '[resource link: notes <file:///notes.txt> (text/plain)]',
      '[resource: <file:///a.txt> (text/plain)]',
      'alpha',
      '[resource: <file:///b.bin> (application/octet-stream), 3 B]',
    ]);
    expect(typeof result === 'object' && result.attachments?.map((attachment) => attachment.kind)).toEqual([
      'image',
      'audio',
    ]);
  });

  it('gives structured content as JSON when there is no text', async () => {
    expect(await call('web__structured')).toEqual({ content: '{"temperature":21,"unit":"C"}' });
  });

  it('returns an isError result as a failed result carrying the server text, for the model to read', async () => {
    expect(await call('files__fail')).toEqual({
      content: 'the file notes.txt does not exist',
      isError: true,
    });
  });

  it('rejects a call the server answers with a JSON-RPC error with MCP_REQUEST_FAILED and its message', async () => {
    const error = await call('files__rpc_error').catch((caught: unknown) => caught);
    expect(McpRequestError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'MCP_REQUEST_FAILED', rpcCode: -32602, serverName: 'files' });
    expect((error as Error).message).toContain('the path must be absolute');
  });

  it('cuts a 1 MiB text result, saying so', async () => {
    const result = await call('web__big');
    const content = typeof result === 'string' ? result : result.content;
    expect(content.length).toBeLessThan(100_100);
    expect(content).toMatch(/\[… cut at 100000 characters\]$/);
  });

  it('fails the call of a crashed stdio server with MCP_SERVER_CLOSED, then starts it again for the next call', async () => {
    const before = await pidOf();
    const error = await call('files__crash').catch((caught: unknown) => caught);
    expect(McpServerClosedError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('fixture crashed on purpose');
    expect(source.servers()[0]?.state).toBe('failed');
    const after = await pidOf();
    expect(after).not.toBe(before);
    expect(isRunning(before)).toBe(false);
    expect(source.servers()[0]?.state).toBe('connected');
  });

  it('fails the call of a hung server with MCP_CALL_TIMEOUT, ends it, and the next call gets a new process', async () => {
    const before = await pidOf();
    const started = Date.now();
    const error = await call('files__spin').catch((caught: unknown) => caught);
    expect(McpCallTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ timeoutMs: 1_000, toolName: 'spin' });
    expect(Date.now() - started).toBeLessThan(5_000);
    const after = await pidOf();
    expect(after).not.toBe(before);
    expect(isRunning(before)).toBe(false);
  });

  it('follows list_changed: a tool the server adds appears, one it removes goes', async () => {
    const added = deferred<readonly Tool[]>();
    const unsubscribe = source.subscribe((tools) => {
      if (tools.some((candidate) => candidate.name === 'files__late')) added.resolve(tools);
    });
    await call('files__add_tool', { name: 'late' });
    await added.promise;
    expect(await call('files__late')).toEqual({ content: 'late answer' });
    unsubscribe();
    const removed = deferred();
    const stop = source.subscribe((tools) => {
      if (!tools.some((candidate) => candidate.name === 'files__late')) removed.resolve();
    });
    await call('files__remove_tool', { name: 'late' });
    await removed.promise;
    stop();
    expect(source.servers()[0]?.tools.map((summary) => summary.name)).not.toContain('files__late');
  });

  it('gives a typed error per call when a server cannot be started again, and keeps going', async () => {
    writeFileSync(join(directory, 'refuse'), '');
    const crashed = await call('fragile__crash').catch((caught: unknown) => caught);
    expect(McpServerClosedError.isInstance(crashed)).toBe(true);
    const first = await call('fragile__echo', { text: 'x' }).catch((caught: unknown) => caught);
    expect(McpServerUnavailableError.isInstance(first)).toBe(true);
    expect((first as Error).message).toContain('fixture refuses to start');
    const second = await call('fragile__echo', { text: 'x' }).catch((caught: unknown) => caught);
    expect(McpServerUnavailableError.isInstance(second)).toBe(true);
    expect((second as Error).message).toMatch(/next attempt in \d+ s/);
    expect(source.servers()[2]).toMatchObject({
      state: 'failed',
      lastError: expect.stringContaining('refuses'),
    });
    expect(errors.some((reported) => reported.serverName === 'fragile')).toBe(true);
    expect(existsSync(join(directory, 'refuse'))).toBe(true);
  });

  it('tries a server that failed at start again in the background, and offers its tools once it starts', async () => {
    const gate = join(directory, 'refuse-at-start');
    writeFileSync(gate, '');
    const late = createMcpToolSource({
      servers: [stdioFixture('late', { env: { FIXTURE_REFUSE_START_IF: gate } })],
    });
    try {
      const offered = deferred<readonly Tool[]>();
      late.subscribe((tools) => {
        if (tools.length > 0) offered.resolve(tools);
      });
      await late.start();
      expect(late.servers()[0]).toMatchObject({ state: 'failed', tools: [] });
      rmSync(gate);
      const tools = await offered.promise;
      expect(tools.map((candidate) => candidate.name)).toContain('late__echo');
      expect(late.servers()[0]?.state).toBe('connected');
    } finally {
      await late.close();
    }
  });

  it('close() ends every stdio server process and withdraws the tools', async () => {
    const pid = await pidOf();
    const echo = tool('files__echo');
    await source.close();
    expect(isRunning(pid)).toBe(false);
    expect(source.tools()).toEqual([]);
    expect(source.servers().map((status) => status.state)).toEqual(['closed', 'closed', 'closed']);
    const error = await echo.execute({ text: 'late' }, callContext()).catch((caught: unknown) => caught);
    expect(McpServerUnavailableError.isInstance(error)).toBe(true);
  });
});
