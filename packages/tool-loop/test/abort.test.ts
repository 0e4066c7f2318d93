import { createGate } from '@aalis/agent-conformance/testing';
import { describe, expect, it } from 'vitest';
import { deferred, flush } from './support/deferred';
import { createHarness } from './support/harness';
import { clockTool, weatherTool } from './support/tools';

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
    const cities = ['A', 'B', 'C'];
    const gates = cities.map(() => createGate());
    const harness = await createHarness({
      steps: [{ toolCalls: cities.map((city) => ({ id: city, name: 'weather', arguments: { city } })) }],
      // Each call waits for its gate and does not listen to its signal, so nothing but the
      // loop's own abort handling can end the turn.
      tools: [weatherTool(gates.map((gate) => ({ waitFor: gate, result: 'done', ignoresAbort: true })))],
      limits: { toolConcurrency: 2 },
    });
    const started = () => harness.tools.calls.map((call) => call.args.city);
    const running = harness.run();
    await flush();
    expect(started()).toEqual(['A', 'B']);
    harness.controller.abort();
    gates[0]?.open();
    const result = await running;
    expect(result.outcome).toBe('aborted');
    await flush();
    expect(started()).toEqual(['A', 'B']);
    expect(harness.tools.calls.every((call) => call.context.signal.aborted)).toBe(true);
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
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { untilAborted: true }],
      tools: [clockTool()],
    });
    const running = harness.run();
    await flush();
    expect(harness.model.openCalls()).toBe(1);
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
