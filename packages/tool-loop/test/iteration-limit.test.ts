import { describe, expect, it } from 'vitest';
import { clockTool } from './support/fake-tools';
import { createHarness, scriptedModel } from './support/harness';
import { toolCall } from './support/scripted-model';

describe('max tool iterations', () => {
  it('after maxToolIterations responses with tools, one last call without tools asks for an answer', async () => {
    const harness = await createHarness({
      steps: [
        { toolCalls: [toolCall('a', 'clock')] },
        { toolCalls: [toolCall('b', 'clock')] },
        { text: 'It is noon.', toolCalls: [toolCall('c', 'clock')] },
      ],
      tools: [clockTool()],
      settings: { maxToolIterations: 2 },
    });
    const result = await harness.run();
    expect(result).toMatchObject({
      outcome: 'replied',
      replyContent: 'It is noon.',
      modelCalls: 3,
      toolCalls: 2,
    });
    expect(harness.tools.invocations).toHaveLength(2);
    const requests = harness.model.requests;
    expect(requests.map((request) => request.tools?.length ?? 0)).toEqual([1, 1, 0]);
    expect(requests[2]?.messageCopies.at(-1)?.role).toBe('system');
    expect(requests[2]?.messageCopies.at(-1)?.content).toMatch(/limit/);
  });

  it('maxToolIterations 0 never offers tools and adds no note', async () => {
    const harness = await createHarness({
      steps: [{ text: 'Hi.' }],
      tools: [clockTool()],
      settings: { maxToolIterations: 0 },
    });
    await harness.run();
    expect(harness.model.requests[0]?.tools).toBeUndefined();
    expect(harness.model.requests[0]?.messageCopies).toEqual([{ role: 'user', content: 'hello' }]);
  });

  it('offers no tools to a model registered without tool calling', async () => {
    const harness = await createHarness({
      steps: [{ text: 'Hi.' }],
      tools: [clockTool()],
      model: scriptedModel({ toolCalls: false }),
    });
    await harness.run();
    expect(harness.model.requests[0]?.tools).toBeUndefined();
  });

  it('passes the session deep-thinking setting and the reply reserve to every model call', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [toolCall('a', 'clock')] }, { text: 'ok' }],
      tools: [clockTool()],
      settings: { deepThinking: true },
    });
    await harness.run();
    expect(harness.model.requests.map((request) => [request.thinking, request.maxTokens])).toEqual([
      [true, 1_000],
      [true, 1_000],
    ]);
    expect(harness.model.requests.every((request) => request.signal === harness.controller.signal)).toBe(
      true,
    );
  });
});
