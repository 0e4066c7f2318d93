import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { createHarness } from './support/harness';
import { weatherTool } from './support/tools';

describe('persistence conventions', () => {
  it('[ARC-1] the tool-call group (assistant with toolCalls and results) and the final reply carry the turn id', async () => {
    const harness = await createHarness({
      steps: [
        { toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] },
        { text: 'Sunny.' },
      ],
      tools: [weatherTool()],
    });
    await harness.run();
    const stored = (await harness.stored()).slice(1);
    expect(
      stored.map((message) => [message.role, message.toolCalls?.length ?? 0, message.metadata[Keys.TurnId]]),
    ).toEqual([
      ['assistant', 1, 'turn-1'],
      ['tool', 0, 'turn-1'],
      ['assistant', 0, 'turn-1'],
    ]);
  });

  it('[ARC-1] the final reply records model, tokens, platform, own identity, group and session type', async () => {
    const harness = await createHarness({
      steps: [
        {
          toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }],
          usage: { promptTokens: 10, completionTokens: 2 },
        },
        { text: 'Sunny.', usage: { promptTokens: 20, completionTokens: 3, totalTokens: 23 } },
      ],
      tools: [weatherTool()],
      kind: 'room',
    });
    harness.inputs[0]!.message.groupId = 'g1';
    harness.inputs[0]!.message.groupName = 'Friends';
    harness.inputs[0]!.message.sessionType = 'group';
    const result = await harness.run();
    expect(result.reply?.metadata).toMatchObject({
      [Keys.TurnId]: 'turn-1',
      [Keys.Model]: 'test/scripted',
      [Keys.Tokens]: { promptTokens: 30, completionTokens: 5, totalTokens: 23 },
      [Keys.Platform]: 'test',
      [Keys.SelfIdentity]: { userId: 'bot', nickname: 'Aalis' },
      [Keys.Group]: { id: 'g1', name: 'Friends' },
      [Keys.SessionType]: 'group',
    });
    expect(result.reply?.metadata[Keys.NotSent]).toBeUndefined();
  });

  it('[ARC-2] calls that failed before executing (unknown tool, bad JSON, invalid arguments, blocked) record their call id in the result metadata', async () => {
    const harness = await createHarness({
      steps: [
        {
          toolCalls: [
            { id: 'unknown', name: 'teleport', arguments: {} },
            { id: 'broken', name: 'weather', arguments: '{"city": ' },
            { id: 'invalid', name: 'weather', arguments: { town: 'Paris' } },
            { id: 'blocked', name: 'weather', arguments: { city: 'Rome' } },
          ],
        },
        { text: 'Sorry.' },
      ],
      tools: [weatherTool()],
    });
    harness.hooks.middleware('agent:tool:before', async (payload, next) => {
      if (payload.args.city !== 'Rome') await next();
    });
    const ids: string[] = [];
    await harness.run({ createCallId: () => `call-${ids.push('x')}` });

    expect(harness.tools.calls).toHaveLength(0);
    const results = (await harness.stored()).filter((message) => message.role === 'tool');
    expect(results.map((message) => [message.toolCallId, message.metadata[Keys.CallId]])).toEqual([
      ['unknown', 'call-1'],
      ['broken', 'call-2'],
      ['invalid', 'call-3'],
      ['blocked', 'call-4'],
    ]);
    expect(results[0]?.content).toMatch(/no tool named "teleport"/);
    expect(results[1]?.content).toMatch(/not valid JSON/);
    expect(results[2]?.content).toMatch(/city/);
    expect(results[3]?.content).toMatch(/blocked/);
  });

  it('[ARC-4] metadata written in agent:tool:after is persisted unchanged with that tool result', async () => {
    const harness = await createHarness({
      steps: [
        {
          toolCalls: [
            { id: 'a', name: 'weather', arguments: { city: 'Paris' } },
            { id: 'b', name: 'weather', arguments: { city: 'Rome' } },
          ],
        },
        { text: 'ok' },
      ],
      // The calls run in call order: Paris takes the first step, Rome the second.
      tools: [weatherTool([{ result: 'sunny in Paris' }, { result: 'sunny in Rome' }])],
    });
    harness.hooks.middleware('agent:tool:after', async (payload, next) => {
      payload.metadata['weather.lookup'] = {
        city: String(payload.result.content).split(' ').at(-1),
        cached: false,
      };
      await next();
    });
    await harness.run();
    const results = (await harness.stored()).filter((message) => message.role === 'tool');
    expect(results.map((message) => message.metadata['weather.lookup'])).toEqual([
      { city: 'Paris', cached: false },
      { city: 'Rome', cached: false },
    ]);
  });
});

describe('room rule', () => {
  it('[ARC-5] in a room only the last reply goes out; text said before tool calls is persisted as not sent', async () => {
    const harness = await createHarness({
      steps: [
        { text: 'Let me check.', toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] },
        { text: 'Sunny in Paris.' },
      ],
      tools: [weatherTool()],
      kind: 'room',
    });
    await harness.run();
    expect(harness.emitted('outbound:message').map((event) => event.message.content)).toEqual([
      'Sunny in Paris.',
    ]);
    const assistants = (await harness.stored()).filter((message) => message.role === 'assistant');
    expect(assistants.map((message) => [message.content, message.metadata[Keys.NotSent] ?? false])).toEqual([
      ['Let me check.', true],
      ['Sunny in Paris.', false],
    ]);
  });

  it('[ARC-5] in a room versions dropped by format retries are persisted but not sent', async () => {
    const harness = await createHarness({ steps: [{ text: 'draft' }, { text: 'final' }], kind: 'room' });
    harness.hooks.middleware('agent:reply:before', async (payload, next) => {
      if (payload.content === 'draft') payload.retry = { feedback: 'Again.' };
      await next();
    });
    await harness.run();
    expect(harness.emitted('outbound:message').map((event) => event.message.content)).toEqual(['final']);
    const assistants = (await harness.stored()).filter((message) => message.role === 'assistant');
    expect(assistants.map((message) => [message.content, message.metadata[Keys.NotSent] ?? false])).toEqual([
      ['draft', true],
      ['final', false],
    ]);
  });

  it('[ARC-5] outside rooms each assistant text goes out when it is said', async () => {
    const harness = await createHarness({
      steps: [
        { text: 'Let me check.', toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] },
        { text: 'Sunny in Paris.' },
      ],
      tools: [weatherTool()],
      kind: 'console',
    });
    await harness.run();
    const sentBeforeTool =
      harness.lines.indexOf('event outbound:message') < harness.lines.indexOf('event tool:execute');
    expect(sentBeforeTool).toBe(true);
    expect(harness.emitted('outbound:message').map((event) => event.message.content)).toEqual([
      'Let me check.',
      'Sunny in Paris.',
    ]);
    const assistants = (await harness.stored()).filter((message) => message.role === 'assistant');
    expect(assistants.every((message) => message.metadata[Keys.NotSent] === undefined)).toBe(true);
  });
});
