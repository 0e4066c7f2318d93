import type { Tool, ToolCallContext } from '@aalis/api-tools';
import { ToolArgumentsError, ToolExecutionError, ToolNotFoundError, ToolsError } from '@aalis/api-tools';
import { describe, expect, it } from 'vitest';
import { arithmeticTool, createBuiltInTools, createClockTool, createToolRegistry } from './index';

const context: ToolCallContext = {
  sessionId: 's1',
  turnId: 'turn-1',
  callId: 'call-1',
  platform: 'cli',
  acceptsImages: false,
  signal: new AbortController().signal,
};

const echo: Tool = {
  name: 'echo',
  description: 'Repeats its text.',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: async (args) => String(args.text),
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('createToolRegistry', () => {
  it('lists the definitions of its tools in registration order, without the execute function', async () => {
    const registry = createToolRegistry(createBuiltInTools());
    const listed = await registry.listTools({ sessionId: 's1' });
    expect(listed.map((tool) => tool.name)).toEqual(['clock', 'arithmetic']);
    expect(listed[1]).toEqual({
      name: 'arithmetic',
      description: arithmeticTool.description,
      parameters: arithmeticTool.parameters,
    });
    expect(registry.names()).toEqual(['clock', 'arithmetic']);
  });

  it('runs a tool with the call context and normalizes a text answer to a result', async () => {
    const seen: ToolCallContext[] = [];
    const registry = createToolRegistry([
      {
        ...echo,
        execute: async (args, call) => {
          seen.push(call);
          return String(args.text);
        },
      },
    ]);
    const result = await registry.execute({ name: 'echo', args: { text: 'hi' }, toolCallContext: context });
    expect(result).toEqual({ content: 'hi' });
    expect(seen).toEqual([context]);
  });

  it('rejects an unknown tool with ToolNotFoundError', async () => {
    const error = await rejection(
      createToolRegistry([]).execute({ name: 'nope', args: {}, toolCallContext: context }),
    );
    expect(ToolNotFoundError.isInstance(error)).toBe(true);
    expect((error as ToolNotFoundError).toolName).toBe('nope');
  });

  it('rejects arguments that do not match the JSON schema, naming each problem, without running the tool', async () => {
    let ran = false;
    const registry = createToolRegistry([
      {
        ...echo,
        execute: async () => {
          ran = true;
          return '';
        },
      },
    ]);
    const error = await rejection(
      registry.execute({ name: 'echo', args: { text: 3 }, toolCallContext: context }),
    );
    expect(ToolArgumentsError.isInstance(error)).toBe(true);
    expect((error as ToolArgumentsError).problems).toEqual([expect.stringMatching(/^text: .*string/)]);
    const missing = await rejection(registry.execute({ name: 'echo', args: {}, toolCallContext: context }));
    expect((missing as ToolArgumentsError).problems[0]).toMatch(/^text:/);
    expect(ran).toBe(false);
  });

  it('wraps what a tool throws in ToolExecutionError with the thrown value as cause', async () => {
    const failure = new Error('disk on fire');
    const registry = createToolRegistry([{ ...echo, execute: async () => Promise.reject(failure) }]);
    const error = await rejection(
      registry.execute({ name: 'echo', args: { text: 'x' }, toolCallContext: context }),
    );
    expect(ToolExecutionError.isInstance(error)).toBe(true);
    expect(ToolsError.isInstance(error)).toBe(true);
    expect((error as ToolExecutionError).cause).toBe(failure);
  });

  it('replaces a tool of the same name; a stale disposer does not remove the replacement', async () => {
    const registry = createToolRegistry();
    const disposeFirst = registry.registerTool(echo);
    registry.registerTool({ ...echo, execute: async () => 'second' });
    disposeFirst();
    expect(await registry.execute({ name: 'echo', args: { text: 'x' }, toolCallContext: context })).toEqual({
      content: 'second',
    });
    const disposeSecond = registry.registerTool(echo);
    disposeSecond();
    expect(registry.names()).toEqual([]);
  });

  it('refuses a malformed tool with a TypeError', () => {
    const registry = createToolRegistry();
    expect(() => registry.registerTool({ ...echo, name: '' })).toThrow(TypeError);
    expect(() => registry.registerTool({ ...echo, execute: undefined } as unknown as Tool)).toThrow(
      TypeError,
    );
    expect(() => registry.registerTool({ ...echo, parameters: null } as unknown as Tool)).toThrow(TypeError);
  });
});

describe('built-in tools', () => {
  const registry = createToolRegistry(createBuiltInTools({ now: () => Date.parse('2025-06-01T09:30:00Z') }));
  const run = (name: string, args: Record<string, unknown>) =>
    registry.execute({ name, args, toolCallContext: context });

  it('clock reads the given clock, in UTC or in the IANA time zone asked for', async () => {
    expect(await run('clock', {})).toEqual({ content: '2025-06-01 09:30:00 UTC' });
    expect(await run('clock', { timeZone: 'Asia/Tokyo' })).toEqual({
      content: '2025-06-01 18:30:00 Asia/Tokyo',
    });
  });

  it('clock answers an unknown time zone with a failed result naming it', async () => {
    expect(await run('clock', { timeZone: 'Mars/Olympus' })).toEqual({
      content: 'unknown time zone: Mars/Olympus',
      isError: true,
    });
  });

  it('clock defaults to the real time', async () => {
    const before = Date.now();
    const { content } = await createToolRegistry([createClockTool()]).execute({
      name: 'clock',
      args: {},
      toolCallContext: context,
    });
    const shown = Date.parse(`${content.replace(' UTC', '').replace(' ', 'T')}Z`);
    expect(shown).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(shown).toBeLessThanOrEqual(Date.now());
  });

  it('arithmetic answers with the value, at most 12 significant digits', async () => {
    expect(await run('arithmetic', { expression: '12*7' })).toEqual({ content: '84' });
    expect(await run('arithmetic', { expression: '0.1 + 0.2' })).toEqual({ content: '0.3' });
    expect(await run('arithmetic', { expression: '1/3' })).toEqual({ content: '0.333333333333' });
  });

  it('arithmetic answers what it cannot evaluate with a failed result saying why', async () => {
    expect(await run('arithmetic', { expression: '1/0' })).toEqual({
      content: 'error: division by zero at position 1',
      isError: true,
    });
    const code = await run('arithmetic', { expression: 'require("fs")' });
    expect(code.isError).toBe(true);
    expect(code.content).toMatch(/unexpected character "r" at position 0/);
  });

  it('arithmetic takes exactly one string expression', async () => {
    const error = await rejection(run('arithmetic', { expression: '1', extra: true }));
    expect(ToolArgumentsError.isInstance(error)).toBe(true);
  });
});
