import { expect, it } from 'vitest';
import { createHarness } from './support/harness';
import { weatherTool } from './support/tools';

it('one turn with two tool calls goes through hooks, events and persistence in the order the README shows', async () => {
  const harness = await createHarness({
    steps: [
      {
        toolCalls: [
          { id: 'a', name: 'weather', arguments: { city: 'Paris' } },
          { id: 'b', name: 'weather', arguments: { city: 'Rome' } },
        ],
      },
      { text: 'Sunny in both.', deltas: ['Sunny ', 'in both.'] },
    ],
    tools: [weatherTool()],
    kind: 'room',
  });
  const result = await harness.run();
  expect(result).toMatchObject({ outcome: 'replied', modelCalls: 2, usageEvents: 2, toolCalls: 2 });
  expect(harness.lines).toEqual([
    'persist history',
    'persist countHistory',
    'hook agent:llm:before',
    'hook agent:llm:after',
    'event token:usage',
    'hook agent:tool:before',
    'hook agent:tool:before',
    'event tool:execute',
    'event tool:execute',
    'hook agent:tool:after',
    'hook agent:tool:after',
    'persist persistToolGroup',
    'hook agent:llm:before',
    'event outbound:stream',
    'event outbound:stream',
    'hook agent:llm:after',
    'event token:usage',
    'hook agent:reply:before',
    'persist persistReply',
    'event outbound:message',
  ]);
});
