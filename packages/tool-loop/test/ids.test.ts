import { WellKnownMetadataKeys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { createHarness } from './support/harness';
import { weatherTool } from './support/tools';

describe('turn and call ids', () => {
  it('[TID-2] the turn id is on every stream chunk, tool call context, tool:execute, token:usage, reply and persisted message', async () => {
    const harness = await createHarness({
      steps: [
        {
          text: 'Let me look.',
          toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }],
          reasoning: 'hmm',
        },
        { text: 'Sunny.', deltas: ['Sun', 'ny.'] },
      ],
      tools: [weatherTool()],
    });
    const contextTurnIds: string[] = [];
    harness.hooks.middleware('agent:tool:before', async (payload, next) => {
      contextTurnIds.push(payload.toolCallContext.turnId);
      await next();
    });
    await harness.run();

    const chunks = harness.emitted('outbound:stream').map((event) => event.chunk);
    expect(chunks.map((chunk) => [chunk.type, 'text' in chunk ? chunk.text : ''])).toEqual([
      ['reasoning', 'hmm'],
      ['content', 'Let me look.'],
      ['content', 'Sun'],
      ['content', 'ny.'],
    ]);
    expect(harness.events.length).toBeGreaterThan(6);
    for (const chunk of chunks) expect(chunk.turnId).toBe('turn-1');
    expect(contextTurnIds).toEqual(['turn-1']);
    expect(harness.tools.calls.map((call) => call.context.turnId)).toEqual(['turn-1']);
    expect(harness.emitted('tool:execute').map((event) => event.toolCallContext.turnId)).toEqual(['turn-1']);
    expect(harness.emitted('token:usage').map((event) => event.turnId)).toEqual(['turn-1', 'turn-1']);
    expect(harness.emitted('outbound:message').map((event) => event.message.turnId)).toEqual([
      'turn-1',
      'turn-1',
    ]);
    const stored = await harness.stored();
    for (const message of stored) expect(message.metadata[WellKnownMetadataKeys.TurnId]).toBe('turn-1');
  });

  it('[TID-2] the error notice carries the turn id', async () => {
    const harness = await createHarness({ steps: [{ throws: new Error('endpoint down') }] });
    await harness.run();
    expect(harness.emitted('outbound:message')).toEqual([
      {
        message: expect.objectContaining({
          turnId: 'turn-1',
          kind: 'notice',
          content: expect.stringMatching(/^\[错误\]/),
        }),
      },
    ]);
  });

  it('[TID-3] every tool call gets its own call id, in its context, tool:execute and the persisted result metadata', async () => {
    const harness = await createHarness({
      steps: [
        {
          toolCalls: [
            { id: 'same', name: 'weather', arguments: { city: 'A' } },
            { id: 'same', name: 'weather', arguments: { city: 'B' } },
          ],
        },
        { toolCalls: [{ id: 'same', name: 'weather', arguments: { city: 'C' } }] },
        { text: 'done' },
      ],
      tools: [weatherTool()],
    });
    const result = await harness.run();
    expect(result.toolCalls).toBe(3);
    const contextIds = harness.tools.calls.map((call) => call.context.callId);
    expect(new Set(contextIds).size).toBe(3);
    expect(harness.emitted('tool:execute').map((event) => event.toolCallContext.callId)).toEqual(contextIds);
    const results = (await harness.stored()).filter((message) => message.role === 'tool');
    expect(results.map((message) => message.metadata[WellKnownMetadataKeys.CallId])).toEqual(contextIds);
  });

  it('[TID-3] keeps the model tool-call id for the model and makes repeated ids unique within a response', async () => {
    const harness = await createHarness({
      steps: [
        {
          toolCalls: [
            { id: 'same', name: 'weather', arguments: { city: 'A' } },
            { id: 'same', name: 'weather', arguments: { city: 'B' } },
          ],
        },
        { text: 'done' },
      ],
      tools: [weatherTool()],
    });
    let next = 0;
    await harness.run({ createCallId: () => `call-${++next}` });
    const second = harness.model.requests[1]?.messages ?? [];
    expect(second.at(-3)?.toolCalls?.map((call) => call.id)).toEqual(['same', 'same_1']);
    expect(second.slice(-2).map((message) => message.toolCallId)).toEqual(['same', 'same_1']);
    const results = (await harness.stored()).filter((message) => message.role === 'tool');
    expect(
      results.map((message) => [message.toolCallId, message.metadata[WellKnownMetadataKeys.CallId]]),
    ).toEqual([
      ['same', 'call-1'],
      ['same_1', 'call-2'],
    ]);
  });
});
