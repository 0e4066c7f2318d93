import type { ToolCallContext } from '@aalis/api-tools';
import { WellKnownMetadataKeys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { createHarness, roleAndContent } from './support/harness';
import { clockTool, weatherTool } from './support/tools';

describe('agent:llm:before', () => {
  it('[HK-3] runs before every model call with the model vision capability as acceptsImages and the turn source', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'It is noon.' }],
      tools: [clockTool()],
      model: { vision: true },
      source: { kind: 'scheduler', id: 'job-7' },
    });
    const seen: { acceptsImages: boolean; source?: unknown; iteration: number; sessionId: string }[] = [];
    harness.hooks.middleware('agent:llm:before', async (payload, next) => {
      seen.push({ ...payload });
      await next();
    });
    const contexts: ToolCallContext[] = [];
    harness.hooks.middleware('agent:tool:before', async (payload, next) => {
      contexts.push(payload.toolCallContext);
      await next();
    });

    await harness.run();

    expect(seen).toHaveLength(harness.model.requests.length);
    expect(seen.map((payload) => payload.iteration)).toEqual([0, 1]);
    for (const payload of seen) {
      expect(payload).toMatchObject({
        acceptsImages: true,
        sessionId: 's1',
        source: { kind: 'scheduler', id: 'job-7' },
      });
    }
    expect(contexts[0]?.acceptsImages).toBe(true);
    expect(contexts[0]?.source).toEqual({ kind: 'scheduler', id: 'job-7' });
  });

  it('[HK-3] a model without vision gives acceptsImages false in the hook and the tool context, and no source for a human turn', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'noon' }],
      tools: [clockTool()],
      model: { vision: false },
    });
    const flags: boolean[] = [];
    const sources: unknown[] = [];
    harness.hooks.middleware('agent:llm:before', async (payload, next) => {
      flags.push(payload.acceptsImages);
      sources.push(payload.source);
      await next();
    });
    harness.hooks.middleware('agent:tool:before', async (payload, next) => {
      flags.push(payload.toolCallContext.acceptsImages);
      await next();
    });
    await harness.run();
    expect(flags).toEqual([false, false, false]);
    expect(sources).toEqual([undefined, undefined]);
  });

  it('[HK-3] edits of messages and tools in the payload reach the model', async () => {
    const harness = await createHarness({ steps: [{ text: 'ok' }], tools: [clockTool(), weatherTool()] });
    harness.hooks.middleware('agent:llm:before', async (payload, next) => {
      payload.messages.unshift({ role: 'system', content: 'Be brief.' });
      payload.tools = payload.tools.filter((tool) => tool.name === 'clock');
      await next();
    });
    await harness.run();
    const request = harness.model.requests[0];
    expect(roleAndContent(request?.messages)[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(request?.tools?.map((tool) => tool.name)).toEqual(['clock']);
  });

  it('a middleware that blocks the model call ends the turn silent without calling the model', async () => {
    const harness = await createHarness({ steps: [] });
    harness.hooks.middleware('agent:llm:before', async () => {});
    const result = await harness.run();
    expect(result.outcome).toBe('silent');
    expect(harness.model.requests).toHaveLength(0);
    expect(harness.emitted('token:usage')).toHaveLength(0);
  });
});

describe('agent:llm:after', () => {
  it('[HK-4] runs after every model call with the response and the sent messages, and may replace the response', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'raw answer' }],
      tools: [clockTool()],
    });
    const seen: { content: string; messages: number; iteration: number }[] = [];
    harness.hooks.middleware('agent:llm:after', async (payload, next) => {
      seen.push({
        content: payload.response.content,
        messages: payload.messages.length,
        iteration: payload.iteration,
      });
      if (payload.response.toolCalls.length === 0)
        payload.response = { ...payload.response, content: 'edited answer' };
      await next();
    });
    const result = await harness.run();
    expect(seen.map((entry) => entry.iteration)).toEqual([0, 1]);
    expect(seen[1]).toMatchObject({
      content: 'raw answer',
      messages: harness.model.requests[1]?.messages.length,
    });
    expect(result.replyContent).toBe('edited answer');
  });
});

describe('agent:tool:before', () => {
  it('[HK-5] runs before every tool call with name, parsed args and the tool call context; rewritten args reach the tool', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] }, { text: 'done' }],
      tools: [weatherTool([{ result: 'sunny in Lyon' }])],
    });
    const seen: { name: string; args: unknown; turnId: string }[] = [];
    harness.hooks.middleware('agent:tool:before', async (payload, next) => {
      seen.push({ name: payload.name, args: { ...payload.args }, turnId: payload.toolCallContext.turnId });
      payload.args = { city: 'Lyon' };
      await next();
    });
    await harness.run();
    expect(seen).toEqual([{ name: 'weather', args: { city: 'Paris' }, turnId: 'turn-1' }]);
    expect(harness.tools.calls[0]?.args).toEqual({ city: 'Lyon' });
    expect(roleAndContent(harness.model.requests[1]?.messages).at(-1)).toEqual({
      role: 'tool',
      content: 'sunny in Lyon',
    });
  });

  it('[HK-5] a middleware that does not call next blocks the call: the tool does not run and the model reads that it was blocked', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] }, { text: 'done' }],
      tools: [weatherTool()],
    });
    harness.hooks.middleware('agent:tool:before', async () => {});
    await harness.run();
    expect(harness.tools.calls).toHaveLength(0);
    const toolMessage = harness.model.requests[1]?.messages.at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', toolCallId: 'c1' });
    expect(toolMessage?.content).toContain('blocked');
  });
});

describe('agent:tool:after', () => {
  it('[HK-6] runs after every executed call; a rewritten result is what the model reads and what is persisted', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] }, { text: 'done' }],
      tools: [weatherTool([{ result: 'sunny in Paris' }])],
    });
    const seen: string[] = [];
    harness.hooks.middleware('agent:tool:after', async (payload, next) => {
      seen.push(`${payload.name}: ${payload.result.content} (${payload.toolCallContext.callId !== ''})`);
      payload.result = { content: 'rewritten' };
      payload.metadata['weather.provider'] = 'open-meteo';
      await next();
    });
    await harness.run();
    expect(seen).toEqual(['weather: sunny in Paris (true)']);
    expect(roleAndContent(harness.model.requests[1]?.messages).at(-1)).toEqual({
      role: 'tool',
      content: 'rewritten',
    });
    const stored = (await harness.stored()).find((message) => message.role === 'tool');
    expect(stored?.content).toBe('rewritten');
    expect(stored?.metadata['weather.provider']).toBe('open-meteo');
  });
});

describe('agent:reply:before', () => {
  it('[HK-7] runs before the reply with content, sessionId, attempt and maxRetries; rewrites and the envelope fields are honoured', async () => {
    const harness = await createHarness({
      steps: [{ text: '{"say":"Hi!"}' }],
      limits: { maxFormatRetries: 3 },
    });
    const seen: unknown[] = [];
    harness.hooks.middleware('agent:reply:before', async (payload, next) => {
      seen.push({ ...payload });
      payload.archiveContent = payload.content;
      payload.visibleContent = 'Hi!';
      payload.content = 'Hi!';
      await next();
    });
    const result = await harness.run();
    expect(seen).toEqual([
      { content: '{"say":"Hi!"}', sessionId: 's1', turnId: 'turn-1', attempt: 0, maxRetries: 3 },
    ]);
    expect(result.replyContent).toBe('Hi!');
    expect(result.reply?.content).toBe('{"say":"Hi!"}');
    expect(result.reply?.metadata[WellKnownMetadataKeys.VisibleContent]).toBe('Hi!');
    expect(harness.emitted('outbound:message').map((event) => event.message.content)).toEqual(['Hi!']);
  });

  it('[HK-7] a format retry calls the model again with the feedback and runs the hook with the next attempt', async () => {
    const harness = await createHarness({
      steps: [{ text: 'not json' }, { text: '{"ok":true}' }],
      limits: { maxFormatRetries: 2 },
    });
    const attempts: number[] = [];
    harness.hooks.middleware('agent:reply:before', async (payload, next) => {
      attempts.push(payload.attempt);
      if (!payload.content.startsWith('{')) payload.retry = { feedback: 'Answer in JSON.' };
      await next();
    });
    const result = await harness.run();
    expect(attempts).toEqual([0, 1]);
    expect(result).toMatchObject({
      outcome: 'replied',
      replyContent: '{"ok":true}',
      modelCalls: 2,
      usageEvents: 2,
    });
    const retry = harness.model.requests[1];
    expect(roleAndContent(retry?.messages).slice(-2)).toEqual([
      { role: 'assistant', content: 'not json' },
      { role: 'user', content: 'Answer in JSON.' },
    ]);
    expect(retry?.request.tools).toBeUndefined();
  });

  it('[HK-7] after the last failed retry the reply is emptied: outcome silent, nothing sent, the versions persisted as not sent', async () => {
    const harness = await createHarness({
      steps: [{ text: 'bad 1' }, { text: 'bad 2' }],
      limits: { maxFormatRetries: 1 },
    });
    harness.hooks.middleware('agent:reply:before', async (payload, next) => {
      payload.retry = { feedback: 'Try again.' };
      await next();
    });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'silent', modelCalls: 2, usageEvents: 2 });
    expect(result.reply).toBeUndefined();
    expect(harness.emitted('outbound:message')).toEqual([]);
    const replies = (await harness.stored()).filter((message) => message.role === 'assistant');
    expect(
      replies.map((message) => [message.content, message.metadata[WellKnownMetadataKeys.NotSent]]),
    ).toEqual([
      ['bad 1', true],
      ['bad 2', true],
    ]);
  });
});
