import { describe, expect, it } from 'vitest';
import { deferred, flush } from './support/deferred';
import { clockTool, weatherTool } from './support/fake-tools';
import { createHarness } from './support/harness';
import { toolCall } from './support/scripted-model';

describe('abort', () => {
  it('[ABT-1] no model call starts after an abort during agent:llm:before', async () => {
    const harness = await createHarness({ steps: [] });
    const entered = deferred();
    harness.hooks.middleware('agent:llm:before', async () => {
      entered.resolve();
      await new Promise(() => {});
    });
    const running = harness.run();
    await entered.promise;
    harness.controller.abort();
    expect((await running).outcome).toBe('aborted');
    expect(harness.model.requests).toEqual([]);
  });

  it('[ABT-1] after an abort no queued tool call starts and the running ones see the aborted signal', async () => {
    const gates = new Map<string, ReturnType<typeof deferred<string>>>();
    const signals: AbortSignal[] = [];
    const harness = await createHarness({
      steps: [
        {
          toolCalls: ['A', 'B', 'C'].map((city) => toolCall(city, 'weather', { city })),
        },
      ],
      tools: [
        weatherTool((args, context) => {
          signals.push(context.signal);
          const gate = deferred<string>();
          gates.set(String(args.city), gate);
          return gate.promise;
        }),
      ],
      limits: { toolConcurrency: 2 },
    });
    const running = harness.run();
    await flush();
    expect([...gates.keys()]).toEqual(['A', 'B']);
    harness.controller.abort();
    gates.get('A')?.resolve('done');
    const result = await running;
    expect(result.outcome).toBe('aborted');
    await flush();
    expect([...gates.keys()]).toEqual(['A', 'B']);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(harness.emitted('tool:execute')).toHaveLength(2);
  });

  it('[ABT-1] a call that returned keeps its usage event even when the abort comes during agent:llm:after', async () => {
    const harness = await createHarness({ steps: [{ text: 'late' }] });
    harness.hooks.middleware('agent:llm:after', async () => {
      harness.controller.abort();
    });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'aborted', modelCalls: 1, usageEvents: 1 });
    expect(harness.emitted('token:usage')).toHaveLength(1);
    expect(harness.persistence.callsOf('persistReply')).toEqual([]);
  });

  it('[ABT-1] a completed tool-call group stays persisted when the abort comes at the next model call', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [toolCall('c1', 'clock')] }, { hangUntilAborted: true }],
      tools: [clockTool()],
    });
    const running = harness.run();
    await flush();
    expect(harness.model.open).toBe(1);
    harness.controller.abort();
    expect((await running).outcome).toBe('aborted');
    expect(harness.persistence.callsOf('persistToolGroup')).toHaveLength(1);
  });

  it('an abort before the loop starts makes no call at all', async () => {
    const harness = await createHarness({ steps: [] });
    harness.controller.abort();
    expect(await harness.run()).toEqual({ outcome: 'aborted', modelCalls: 0, usageEvents: 0, toolCalls: 0 });
    expect(harness.lines).toEqual([]);
  });
});
