import { describe, expect, it } from 'vitest';
import { createHarness, roleAndContent } from './support/harness';
import { clockTool } from './support/tools';

describe('max tool iterations', () => {
  it('after maxToolIterations responses with tools, one last call without tools asks for an answer', async () => {
    const harness = await createHarness({
      steps: [
        { toolCalls: [{ id: 'a', name: 'clock' }] },
        { toolCalls: [{ id: 'b', name: 'clock' }] },
        { text: 'It is noon.', toolCalls: [{ id: 'c', name: 'clock' }] },
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
    expect(harness.tools.calls).toHaveLength(2);
    const requests = harness.model.requests;
    expect(requests.map((request) => request.tools?.length ?? 0)).toEqual([1, 1, 0]);
    expect(requests[2]?.messages.at(-1)?.role).toBe('system');
    expect(requests[2]?.messages.at(-1)?.content).toMatch(/limit/);
  });

  it('maxToolIterations 0 never offers tools and adds no note', async () => {
    const harness = await createHarness({
      steps: [{ text: 'Hi.' }],
      tools: [clockTool()],
      settings: { maxToolIterations: 0 },
    });
    await harness.run();
    expect(harness.model.requests[0]?.request.tools).toBeUndefined();
    expect(roleAndContent(harness.model.requests[0]?.messages)).toEqual([{ role: 'user', content: 'hello' }]);
  });

  it('offers no tools to a model registered without tool calling', async () => {
    const harness = await createHarness({
      steps: [{ text: 'Hi.' }],
      tools: [clockTool()],
      model: { toolCalls: false },
    });
    await harness.run();
    expect(harness.model.requests[0]?.request.tools).toBeUndefined();
  });

  it('passes the session deep-thinking setting and the reply reserve to every model call', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'a', name: 'clock' }] }, { text: 'ok' }],
      tools: [clockTool()],
      settings: { deepThinking: true },
      model: { maxOutputTokens: 1_000 },
    });
    await harness.run();
    expect(harness.model.requests.map((call) => [call.request.thinking, call.request.maxTokens])).toEqual([
      [true, 1_000],
      [true, 1_000],
    ]);
    expect(harness.model.requests.every((call) => call.request.signal === harness.controller.signal)).toBe(
      true,
    );
  });
});
