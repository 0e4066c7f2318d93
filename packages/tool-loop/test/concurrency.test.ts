import { describe, expect, it } from 'vitest';
import { deferred, flush } from './support/deferred';
import { weatherTool } from './support/fake-tools';
import { createHarness } from './support/harness';
import { toolCall } from './support/scripted-model';

describe('concurrent tool calls', () => {
  it('runs the calls of one response concurrently up to the limit and feeds results back in call order', async () => {
    const gates = new Map<string, ReturnType<typeof deferred<string>>>();
    const cities = ['A', 'B', 'C', 'D', 'E'];
    const harness = await createHarness({
      steps: [{ toolCalls: cities.map((city) => toolCall(city, 'weather', { city })) }, { text: 'done' }],
      tools: [
        weatherTool((args) => {
          const gate = deferred<string>();
          gates.set(String(args.city), gate);
          return gate.promise;
        }),
      ],
      limits: { toolConcurrency: 3 },
    });
    const running = harness.run();
    for (const city of ['C', 'A', 'B', 'E', 'D']) {
      await flush();
      gates.get(city)?.resolve(`weather of ${city}`);
    }
    await running;
    expect(harness.tools.mostRunning).toBe(3);
    const results = harness.model.requests[1]?.messages.slice(-5) ?? [];
    expect(results.map((message) => [message.toolCallId, message.content])).toEqual(
      cities.map((city) => [city, `weather of ${city}`]),
    );
  });
});
