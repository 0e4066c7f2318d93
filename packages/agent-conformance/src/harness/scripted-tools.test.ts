import {
  ToolArgumentsError,
  type ToolCallContext,
  ToolExecutionError,
  ToolNotFoundError,
} from '@aalis/api-tools';
import { describe, expect, test } from 'vitest';
import { createGate } from '../testing/index';
import { createHarness } from './index';

function context(signal = new AbortController().signal): ToolCallContext {
  return {
    sessionId: 's1',
    turnId: 't1',
    callId: 'c1',
    platform: 'conformance',
    acceptsImages: false,
    signal,
  };
}

describe('the scripted tools', () => {
  test('list their definitions and answer calls step by step, then with the fallback', async () => {
    const harness = createHarness();
    const lookup = harness.tools.define({
      name: 'lookup',
      steps: [{ result: 'first' }],
      fallback: { result: { content: 'again', isError: false } },
    });
    expect((await harness.services.tools.listTools({ sessionId: 's1' })).map((tool) => tool.name)).toEqual([
      'lookup',
    ]);
    const execute = () =>
      harness.services.tools.execute({ name: 'lookup', args: {}, toolCallContext: context() });
    expect(await execute()).toEqual({ content: 'first' });
    expect(await execute()).toEqual({ content: 'again', isError: false });
    expect(lookup.calls.map((call) => call.state)).toEqual(['resolved', 'resolved']);
  });

  test('reject unknown tools, missing required arguments and throwing steps with the api-tools errors', async () => {
    const harness = createHarness();
    harness.tools.define({
      name: 'strict',
      parameters: { type: 'object', required: ['q'] },
      fallback: { throws: 'boom' },
    });
    const call = (name: string, args: Record<string, unknown>) =>
      harness.services.tools.execute({ name, args, toolCallContext: context() });
    await expect(call('nope', {})).rejects.toSatisfy((error) => ToolNotFoundError.isInstance(error));
    await expect(call('strict', {})).rejects.toSatisfy((error) => ToolArgumentsError.isInstance(error));
    await expect(call('strict', { q: 1 })).rejects.toSatisfy((error) => ToolExecutionError.isInstance(error));
  });

  test('hold a call for a gate or until its signal aborts, counting it open meanwhile', async () => {
    const harness = createHarness();
    const gate = createGate();
    const slow = harness.tools.define({ name: 'slow', steps: [{ waitFor: gate }, { untilAborted: true }] });
    const first = harness.services.tools.execute({ name: 'slow', args: {}, toolCallContext: context() });
    await slow.started(0);
    expect(harness.tools.openCalls()).toBe(1);
    gate.open();
    await expect(first).resolves.toEqual({ content: 'slow: ok' });
    const controller = new AbortController();
    const second = harness.services.tools.execute({
      name: 'slow',
      args: {},
      toolCallContext: context(controller.signal),
    });
    await slow.started(1);
    controller.abort();
    await expect(second).rejects.toSatisfy((error) => ToolExecutionError.isInstance(error));
    expect(harness.tools.openCalls()).toBe(0);
  });

  test('a step that ignores the abort keeps its call open past it and returns once its gate opens', async () => {
    const harness = createHarness();
    const gate = createGate();
    const deaf = harness.tools.define({
      name: 'deaf',
      steps: [{ waitFor: gate, result: 'done', ignoresAbort: true }],
    });
    const controller = new AbortController();
    const call = harness.services.tools.execute({
      name: 'deaf',
      args: {},
      toolCallContext: context(controller.signal),
    });
    await deaf.started(0);
    controller.abort();
    await new Promise((resolve) => setImmediate(resolve));
    expect(harness.tools.openCalls()).toBe(1);
    gate.open();
    await expect(call).resolves.toEqual({ content: 'done' });
  });

  test('accept tools registered through the registrar', async () => {
    const harness = createHarness();
    const dispose = harness.services.tools.registerTool({
      name: 'echo',
      description: 'echo',
      parameters: { type: 'object' },
      execute: async (args) => String(args.text),
    });
    expect(
      await harness.services.tools.execute({
        name: 'echo',
        args: { text: 'hi' },
        toolCallContext: context(),
      }),
    ).toEqual({ content: 'hi' });
    dispose();
    expect(await harness.services.tools.listTools({ sessionId: 's1' })).toEqual([]);
  });

  test('wrap a throw of a registered tool in a ToolExecutionError, as a tools service does', async () => {
    const harness = createHarness();
    const thrown = new Error('server went away');
    harness.services.tools.registerTool({
      name: 'remote',
      description: 'remote',
      parameters: { type: 'object' },
      execute: async () => {
        throw thrown;
      },
    });
    const error = await harness.services.tools
      .execute({ name: 'remote', args: {}, toolCallContext: context() })
      .catch((caught: unknown) => caught);
    expect(ToolExecutionError.isInstance(error)).toBe(true);
    expect((error as ToolExecutionError).cause).toBe(thrown);
  });
});
