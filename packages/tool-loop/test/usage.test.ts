import type { PromptBlock } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import { buildTokenUsage, createTokenCounter, type TokenCounter } from '@aalis/token-budget';
import { describe, expect, it } from 'vitest';
import type { ToolLoopAssembler } from '../src/index';
import { createHarness, humanInput } from './support/harness';
import { clockTool, weatherTool } from './support/tools';

const counter = createTokenCounter();
const longHistory = Array.from({ length: 40 }, (_, index) => ({
  role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
  content: `message ${index}: ${'lorem ipsum dolor sit amet '.repeat(12)}`,
}));

describe('token:usage', () => {
  it('[USG-1] one event after every model call: the first, each tool-loop call and each format retry', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'draft' }, { text: 'final' }],
      tools: [clockTool()],
    });
    harness.hooks.middleware('agent:reply:before', async (payload, next) => {
      if (payload.content === 'draft') payload.retry = { feedback: 'Again.' };
      await next();
    });
    const result = await harness.run();
    expect(harness.model.requests).toHaveLength(3);
    expect(harness.emitted('token:usage')).toHaveLength(3);
    expect(result.usageEvents).toBe(3);
    const order = harness.lines.filter(
      (line) => line === 'hook agent:llm:after' || line === 'event token:usage',
    );
    expect(order).toEqual([
      'hook agent:llm:after',
      'event token:usage',
      'hook agent:llm:after',
      'event token:usage',
      'hook agent:llm:after',
      'event token:usage',
    ]);
  });

  it('[USG-1] no event for a model call that threw', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { throws: new Error('boom') }],
      tools: [clockTool()],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('error');
    expect(harness.emitted('token:usage')).toHaveLength(1);
  });

  it('[USG-2] used is the reported prompt tokens when positive and finite, else the estimate of what was sent', async () => {
    const harness = await createHarness({
      steps: [
        { toolCalls: [{ id: 'c1', name: 'clock' }], usage: { promptTokens: 1234 } },
        { toolCalls: [{ id: 'c2', name: 'clock' }], usage: { promptTokens: 0 } },
        { toolCalls: [{ id: 'c3', name: 'clock' }], usage: { promptTokens: Number.NaN } },
        { text: 'done' },
      ],
      tools: [clockTool()],
      model: { contextWindow: 10_000 },
    });
    await harness.run();
    const usage = harness.emitted('token:usage');
    expect(usage[0]?.used).toBe(1234);
    for (const [index, event] of usage.entries()) {
      const request = harness.model.requests[index]!;
      const estimate = counter.estimateRequest({ messages: request.messages, tools: request.tools ?? [] });
      if (index > 0) expect(event.used).toBe(estimate);
      expect(event.usageRatio).toBe(event.used / 10_000);
      expect(event).toMatchObject({
        contextWindow: 10_000,
        snapshot: false,
        model: 'test/scripted',
        sessionId: 's1',
      });
    }
  });

  it('[USG-2] a message an agent:llm:before middleware grows in place on the first call counts at its new size in later estimates', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'done' }],
      tools: [clockTool()],
      model: { contextWindow: 100_000 },
    });
    harness.hooks.middleware('agent:llm:before', async (payload, next) => {
      // Its type says read-only; a plugin in plain JavaScript may still do it.
      const input = payload.messages.find((message) => message.role === 'user') as
        | { content: string }
        | undefined;
      if (payload.iteration === 0 && input !== undefined)
        input.content = `${input.content} ${'and more '.repeat(300)}`;
      await next();
    });
    await harness.run();
    const usage = harness.emitted('token:usage');
    expect(usage).toHaveLength(2);
    for (const [index, event] of usage.entries()) {
      const request = harness.model.requests[index]!;
      expect(event.used).toBe(
        counter.estimateRequest({ messages: request.messages, tools: request.tools ?? [] }),
      );
    }
    expect(usage[1]!.used).toBeGreaterThan(usage[0]!.used);
  });

  it('[USG-3] trimmed is true from the first trimmed call of the turn for that and every later call', async () => {
    let call = 0;
    const assembler: ToolLoopAssembler = {
      assemble: (): PromptBlock[] => {
        call += 1;
        // Only the second call carries a block big enough to force trimming of the history.
        const content = call === 2 ? 'persona '.repeat(1_700) : 'You are Aalis.';
        const message = { role: 'system' as const, content };
        return [
          { message, bucket: call === 2 ? 'persona' : 'system', tokens: counter.countMessage(message) },
        ];
      },
    };
    const harness = await createHarness({
      steps: [
        { toolCalls: [{ id: 'c1', name: 'clock' }] },
        { toolCalls: [{ id: 'c2', name: 'clock' }] },
        { toolCalls: [{ id: 'c3', name: 'clock' }] },
        { text: 'done' },
      ],
      tools: [clockTool()],
      history: longHistory.slice(0, 6),
      model: { contextWindow: 2_400, maxOutputTokens: 400 },
    });
    await harness.run({ assembler });
    expect(harness.emitted('token:usage').map((event) => event.trimmed)).toEqual([false, true, true, true]);
    expect(harness.model.requests[2]?.messages.length).toBeGreaterThan(
      harness.model.requests[1]?.messages.length ?? 0,
    );
  });

  it('[USG-4] untrimmedHistory is estimated on the untrimmed list, history and toolResults of the breakdown on the sent one', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] }, { text: 'done' }],
      tools: [weatherTool()],
      history: longHistory,
      model: { contextWindow: 3_000, maxOutputTokens: 500 },
    });
    await harness.run();
    const [first, second] = harness.emitted('token:usage');
    for (const event of [first, second]) {
      expect(event?.trimmed).toBe(true);
      const sent = (event?.breakdown.history ?? 0) + (event?.breakdown.toolResults ?? 0);
      expect(event?.untrimmedHistory).toBeGreaterThan(sent);
      expect(event?.breakdown.reservedForReply).toBe(500);
      expect(event?.parts.map((part) => part.tokens)).toContain(event?.breakdown.history);
    }
    expect(second?.breakdown.toolResults).toBeGreaterThan(0);
    expect(harness.model.requests[0]?.messages.length).toBeLessThan(longHistory.length);
  });

  it('[USG-5] historyMessages is the history count at turn start plus the tool calls, results and joined inputs appended so far', async () => {
    const harness = await createHarness({
      steps: [
        {
          toolCalls: [
            { id: 'a', name: 'clock' },
            { id: 'b', name: 'clock' },
          ],
        },
        { toolCalls: [{ id: 'c', name: 'clock' }] },
        { text: 'done' },
      ],
      tools: [clockTool()],
      history: [
        { role: 'user', content: 'one' },
        { role: 'assistant', content: 'two' },
        { role: 'user', content: 'three' },
      ],
    });
    harness.hooks.middleware('agent:tool:after', async (payload, next) => {
      if (
        payload.toolCallContext.callId !== '' &&
        harness.pending.length === 0 &&
        harness.model.requests.length === 2
      ) {
        harness.pending.push(humanInput('joined'));
      }
      await next();
    });
    const result = await harness.run();
    expect(result.outcome).toBe('replied');
    // 3 earlier + 1 opening input; then +1 assistant +2 results; then +1 assistant +1 result +1 joined input.
    expect(harness.emitted('token:usage').map((event) => event.historyMessages)).toEqual([4, 7, 10]);
  });

  it('[USG-6] historyLimit is the session setting and limits the history sent', async () => {
    const harness = await createHarness({
      steps: [{ text: 'ok' }],
      settings: { historyLimit: 3 },
      history: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
    });
    await harness.run();
    expect(harness.emitted('token:usage')[0]).toMatchObject({ historyLimit: 3, historyMessages: 4 });
    expect(harness.persistence.callsOf('history')).toEqual([{ method: 'history', limit: 3 }]);
    expect(harness.model.requests[0]?.messages.map((message) => message.content)).toEqual([
      'b',
      'c',
      'hello',
    ]);
  });

  it('[USG-7] prompt blocks count in their bucket with per-injector figures', async () => {
    const system = { role: 'system' as const, content: 'You are Aalis.' };
    const persona = { role: 'system' as const, content: 'Ann likes tea.' };
    const assembler: ToolLoopAssembler = {
      assemble: () => [
        { message: system, bucket: 'system', tokens: counter.countMessage(system) },
        {
          message: persona,
          bucket: 'persona',
          injector: 'profiles#1/ann',
          tokens: counter.countMessage(persona),
        },
      ],
    };
    const harness = await createHarness({ steps: [{ text: 'ok' }] });
    await harness.run({ assembler });
    const event = harness.emitted('token:usage')[0];
    const personaTokens = counter.countMessage({ role: 'system', content: 'Ann likes tea.' });
    expect(event?.breakdown.persona).toBe(personaTokens);
    expect(event?.parts.find((part) => part.injectors !== undefined)?.injectors).toEqual({
      'profiles#1/ann': personaTokens,
    });
    expect(Object.keys(event?.breakdown ?? {})).toHaveLength(12);
  });

  it('[USG-4] a turn counts each history message once, however many model calls it makes', async () => {
    const seen = new Map<unknown, number>();
    // By content: the scripted model records copies of what it was sent.
    const note = (message: { content?: unknown }) =>
      seen.set(message.content, (seen.get(message.content) ?? 0) + 1);
    const recording: TokenCounter = {
      ...counter,
      countMessage: (message) => {
        note(message);
        return counter.countMessage(message);
      },
      countMessagesAsync: (messages, options) => {
        for (const message of messages) note(message);
        return counter.countMessagesAsync(messages, options);
      },
    };
    const harness = await createHarness({
      steps: [
        { toolCalls: [{ id: 'c1', name: 'clock' }] },
        { toolCalls: [{ id: 'c2', name: 'clock' }] },
        { text: 'done' },
      ],
      tools: [clockTool()],
      history: longHistory.slice(0, 10),
    });
    await harness.run({ budget: { counter: recording } });
    expect(harness.model.requests).toHaveLength(3);
    const history = harness.model.requests[0]?.messages.slice(0, 10) ?? [];
    expect(history.map((message) => message.content)).toEqual(longHistory.slice(0, 10).map((m) => m.content));
    // Once in slices, once to read the remembered figure: not again for the later calls.
    for (const message of history) expect(seen.get(message.content)).toBe(2);
  });

  it('[USG-7] the summed figures of each call equal a full count of what the model was sent', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Paris' } }] }, { text: 'done' }],
      tools: [weatherTool()],
      history: longHistory.slice(0, 8),
    });
    await harness.run();
    const events = harness.emitted('token:usage');
    expect(events).toHaveLength(2);
    events.forEach((event, index) => {
      const request = harness.model.requests[index];
      const counted = buildTokenUsage<ChatMessage>({
        messages: request?.messages ?? [],
        counter,
        tools: request?.tools ?? [],
        plan: {
          contextWindow: event.contextWindow,
          tokenBudget: event.tokenBudget,
          reservedForReply: event.breakdown.reservedForReply,
        },
        historyMessages: event.historyMessages,
        historyLimit: event.historyLimit ?? 0,
      });
      expect(event.breakdown).toEqual(counted.breakdown);
      expect(event.untrimmedHistory).toBe(counted.untrimmedHistory);
    });
  });

  it('[USG-7] a message an agent:llm:before middleware adds in place is counted in the breakdown', async () => {
    const added = { role: 'system' as const, content: 'Answer in French, please, and keep it short.' };
    const harness = await createHarness({ steps: [{ text: 'ok' }] });
    const plain = await createHarness({ steps: [{ text: 'ok' }] });
    harness.hooks.middleware('agent:llm:before', async (payload, next) => {
      payload.messages.push(added);
      await next();
    });
    await harness.run();
    await plain.run();
    const [changed] = harness.emitted('token:usage');
    const [unchanged] = plain.emitted('token:usage');
    expect(changed?.breakdown.system).toBe((unchanged?.breakdown.system ?? 0) + counter.countMessage(added));
  });

  it('[USG-7] a block without a usable token figure is counted by the loop', async () => {
    const persona = { role: 'system' as const, content: 'Ann likes green tea.' };
    const assembler: ToolLoopAssembler = {
      assemble: () => [{ message: persona, bucket: 'persona', tokens: Number.NaN }],
    };
    const harness = await createHarness({ steps: [{ text: 'ok' }] });
    await harness.run({ assembler });
    expect(harness.emitted('token:usage')[0]?.breakdown.persona).toBe(counter.countMessage(persona));
  });
});
