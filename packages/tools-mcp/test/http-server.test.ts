import type { Tool } from '@aalis/api-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMcpToolSource,
  McpCallAbortedError,
  McpCallTimeoutError,
  McpServerClosedError,
  type McpToolSource,
} from '../src/index';
import { createFixtureServer, type FixtureTool } from './fixtures/fixture-server';
import { type HttpFixture, startHttpServer } from './support/start-http-server';
import { callContext, deferred } from './support/test-context';

describe('an MCP tool source over Streamable HTTP', () => {
  let http: HttpFixture;
  let source: McpToolSource;
  let waitStarted = deferred();
  let waitCancelled = deferred<unknown>();
  const tool = (name: string): Tool => {
    const found = source.tools().find((candidate) => candidate.name === name);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found;
  };

  beforeAll(async () => {
    http = await startHttpServer(() =>
      createFixtureServer({
        hooks: {
          onWaitStarted: () => waitStarted.resolve(),
          onWaitCancelled: (reason) => waitCancelled.resolve(reason),
        },
      }),
    );
    source = createMcpToolSource({ servers: [{ name: 'web', url: http.url, callTimeout: 300 }] });
    await source.start();
  });
  afterAll(async () => {
    await source.close();
    await http.close();
  });

  it('[ABT-1] an abort mid-call cancels the request on the server and rejects the call at once', async () => {
    waitStarted = deferred();
    waitCancelled = deferred();
    const controller = new AbortController();
    const pending = tool('web__wait').execute({}, callContext(controller.signal));
    const outcome = pending.catch((caught: unknown) => caught);
    await waitStarted.promise;
    controller.abort(new Error('turn stopped'));
    const error = await outcome;
    expect(McpCallAbortedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'MCP_CALL_ABORTED', toolName: 'wait', serverName: 'web' });
    expect(String(await waitCancelled.promise)).toContain('turn stopped');
  });

  it('[ABT-1] a call whose signal already aborted sends nothing and rejects', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await tool('web__echo')
      .execute({ text: 'x' }, callContext(controller.signal))
      .catch((caught: unknown) => caught);
    expect(McpCallAbortedError.isInstance(error)).toBe(true);
  });

  it('fails a call the server never answers with MCP_CALL_TIMEOUT, and keeps a server that still answers pings', async () => {
    const error = await tool('web__hang')
      .execute({}, callContext())
      .catch((caught: unknown) => caught);
    expect(McpCallTimeoutError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('MCP server web did not answer the call of hang within 300 ms');
    expect(await tool('web__echo').execute({ text: 'still here' }, callContext())).toEqual({
      content: 'still here',
    });
    expect(http.sessions()).toBe(1);
    expect(source.servers()[0]?.state).toBe('connected');
  });
});

describe('an MCP server that is gone or hostile', () => {
  it('fails the call with MCP_SERVER_CLOSED when the HTTP server went away', async () => {
    const http = await startHttpServer(() => createFixtureServer());
    const source = createMcpToolSource({ servers: [{ name: 'web', url: http.url }] });
    await source.start();
    await http.close();
    const echo = source.tools().find((candidate) => candidate.name === 'web__echo')!;
    const error = await echo.execute({ text: 'x' }, callContext()).catch((caught: unknown) => caught);
    expect(McpServerClosedError.isInstance(error)).toBe(true);
    await source.close();
  });

  it('calls onChange with the tools after start, and reports a listener that throws to onError', async () => {
    const http = await startHttpServer(() => createFixtureServer());
    const seen: number[] = [];
    const errors: unknown[] = [];
    const source = createMcpToolSource({
      servers: [{ name: 'web', url: http.url }],
      onChange: (tools) => seen.push(tools.length),
      onError: (error) => errors.push(error),
    });
    source.subscribe(() => {
      throw new Error('listener broke');
    });
    await source.start();
    expect(seen).toEqual([source.tools().length]);
    expect(errors).toEqual([expect.objectContaining({ code: 'MCP_LISTENER_FAILED', serverName: 'web' })]);
    await source.close();
    expect(seen.at(-1)).toBe(0);
    await http.close();
  });

  it('keeps maxTools of 10,000 listed tools, and names a tool with a 1 MiB name safely', async () => {
    const answer: FixtureTool = { run: () => ({ content: [{ type: 'text', text: 'ok' }] }) };
    const extraTools: Record<string, FixtureTool> = { [`${'ä'.repeat(1024 * 1024)}`]: answer };
    for (let index = 0; index < 10_000; index++) extraTools[`tool.${index}`] = answer;
    const http = await startHttpServer(() => createFixtureServer({ extraTools, pageSize: 3_000 }));
    const source = createMcpToolSource({ servers: [{ name: 'many', url: http.url, maxTools: 5_000 }] });
    await source.start();
    const names = source.tools().map((candidate) => candidate.name);
    expect(names).toHaveLength(5_000);
    expect(names.every((name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    const hostile = source.servers()[0]?.tools.find((summary) => summary.mcpName.startsWith('ää'));
    expect(hostile?.name).toMatch(/^many__[_]+_[0-9a-f]{8}$/);
    expect(hostile?.mcpName.length).toBeLessThanOrEqual(201);
    expect(source.servers()[0]?.toolsLeftOut).toBeGreaterThan(0);
    expect(names).toContain('many__tool_0');
    await source.close();
    await http.close();
  });
});
