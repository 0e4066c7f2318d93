import { createGate, type ToolCallRecord } from '@aalis/agent-conformance/testing';
import { describe, expect, it } from 'vitest';
import { flush } from './support/deferred';
import { createHarness } from './support/harness';
import { weatherTool } from './support/tools';

/** The most calls open at one time, from when each started and ended. */
function mostAtOnce(calls: readonly ToolCallRecord[]): number {
  const edges = calls.flatMap((call) => [
    { seq: call.seq, change: 1 },
    { seq: call.endSeq ?? Number.POSITIVE_INFINITY, change: -1 },
  ]);
  let open = 0;
  let most = 0;
  for (const edge of edges.sort((left, right) => left.seq - right.seq)) {
    open += edge.change;
    most = Math.max(most, open);
  }
  return most;
}

describe('concurrent tool calls', () => {
  it('runs the calls of one response concurrently up to the limit and feeds results back in call order', async () => {
    const cities = ['A', 'B', 'C', 'D', 'E'];
    const gates = new Map(cities.map((city) => [city, createGate()]));
    const harness = await createHarness({
      steps: [
        { toolCalls: cities.map((city) => ({ id: city, name: 'weather', arguments: { city } })) },
        { text: 'done' },
      ],
      // The calls start in call order, so the n-th call (city n) takes the n-th step.
      tools: [
        weatherTool(cities.map((city) => ({ waitFor: gates.get(city)!, result: `weather of ${city}` }))),
      ],
      limits: { toolConcurrency: 3 },
    });
    const started = () => harness.tools.calls.map((call) => call.args.city);
    const running = harness.run();
    for (const city of ['C', 'A', 'B', 'E', 'D']) {
      await flush();
      expect(started()).toContain(city);
      gates.get(city)?.open();
    }
    await running;
    expect(started()).toEqual(cities);
    expect(mostAtOnce(harness.tools.calls)).toBe(3);
    const results = harness.model.requests[1]?.messages.slice(-5) ?? [];
    expect(results.map((message) => [message.toolCallId, message.content])).toEqual(
      cities.map((city) => [city, `weather of ${city}`]),
    );
  });
});
