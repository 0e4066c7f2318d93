import {
  ChatAbortedError,
  type ChatDelta,
  type ChatMessage,
  type ChatRequest,
  type LlmService,
  ModelNotFoundError,
  type ResolvedModel,
} from '@aalis/api-llm';
import { createTokenCounter } from '@aalis/token-budget';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBuiltInTools, createDemoModel, DEMO_MODEL_REF } from './index';

const tools = createBuiltInTools().map(({ name, description, parameters }) => ({
  name,
  description,
  parameters,
}));

async function setUp(options?: Parameters<typeof createDemoModel>[0]) {
  const service = createDemoModel(options);
  const model = (await service.resolveModel()) as ResolvedModel;
  return { service, model };
}

function request(
  model: ResolvedModel,
  messages: ChatMessage[],
  extra: Partial<ChatRequest> = {},
): ChatRequest {
  return { model, messages, tools, ...extra };
}

const user = (content: string): ChatMessage => ({ role: 'user', content });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Runs one call, then answers its tool calls with `results` (by tool name) and calls again. */
async function afterTools(
  service: LlmService,
  model: ResolvedModel,
  messages: ChatMessage[],
  results: Record<string, string>,
): Promise<ChatMessage[]> {
  const first = await service.chat(request(model, messages));
  return [
    ...messages,
    { role: 'assistant', content: first.content, toolCalls: first.toolCalls },
    ...first.toolCalls.map(
      (call): ChatMessage => ({
        role: 'tool',
        toolCallId: call.id,
        content: results[call.name] ?? 'missing',
      }),
    ),
  ];
}

describe('createDemoModel', () => {
  it('resolves its one model by default and by reference, and nothing else', async () => {
    const { service, model } = await setUp();
    expect(model.ref).toBe(DEMO_MODEL_REF);
    expect(model.capabilities.toolCalls).toBe(true);
    expect(await service.resolveModel(DEMO_MODEL_REF)).toBe(model);
    expect(await service.resolveModel('openai/gpt-4o')).toBeUndefined();
    const error = await rejection(
      service.chat({ ...request(model, [user('hi')]), model: { ...model, ref: 'x/y' } }),
    );
    expect(ModelNotFoundError.isInstance(error)).toBe(true);
  });

  it('asks for the clock tool when asked for the time', async () => {
    const { service, model } = await setUp();
    const response = await service.chat(request(model, [user('What time is it?')]));
    expect(response.toolCalls).toEqual([{ id: expect.any(String), name: 'clock', arguments: '{}' }]);
    expect(response.finishReason).toBe('tool-calls');
  });

  it('asks for the arithmetic tool for each expression, then answers with the results', async () => {
    const { service, model } = await setUp();
    const first = await service.chat(request(model, [user('what is 12*7 and (1+2)^2?')]));
    expect(first.toolCalls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([
      ['arithmetic', { expression: '12*7' }],
      ['arithmetic', { expression: '(1+2)^2' }],
    ]);
    expect(new Set(first.toolCalls.map((call) => call.id)).size).toBe(2);
    const messages: ChatMessage[] = [
      user('what is 12*7 and (1+2)^2?'),
      { role: 'assistant', content: first.content, toolCalls: first.toolCalls },
      { role: 'tool', toolCallId: first.toolCalls[0]?.id ?? '', content: '84' },
      { role: 'tool', toolCallId: first.toolCalls[1]?.id ?? '', content: '9' },
    ];
    const final = await service.chat(request(model, messages));
    expect(final.toolCalls).toEqual([]);
    expect(final.finishReason).toBe('stop');
    expect(final.content).toBe('12*7 = 84. (1+2)^2 = 9.');
  });

  it('uses the clock result in its answer, and reports a failed calculation as such', async () => {
    const { service, model } = await setUp();
    const messages = await afterTools(service, model, [user('What time is it? And 1/0?')], {
      clock: '2025-06-01 09:30:00 UTC',
      arithmetic: 'error: division by zero at position 1',
    });
    const final = await service.chat(request(model, messages));
    expect(final.content).toBe(
      'It is 2025-06-01 09:30:00 UTC. I could not compute 1/0 (error: division by zero at position 1).',
    );
  });

  it('[SCH-2] calls only the tools a joined input still needs', async () => {
    const { service, model } = await setUp();
    const messages = await afterTools(service, model, [user('What time is it?')], { clock: 'noon' });
    const next = await service.chat(request(model, [...messages, user('And what is 12*7?')]));
    expect(next.toolCalls.map((call) => call.name)).toEqual(['arithmetic']);
  });

  it('answers without tool calls when no tools are offered', async () => {
    const { service, model } = await setUp();
    const response = await service.chat({ model, messages: [user('What time is it?')] });
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toBe('I would need the clock tool to tell the time.');
  });

  it('gives the same response to the same request, call ids included', async () => {
    const { service, model } = await setUp();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 40 }),
        fc.constantFrom('', ' 12*7', ' what time'),
        async (text, extra) => {
          const messages = [user(`${text}${extra}`)];
          expect(await service.chat(request(model, messages))).toEqual(
            await service.chat(request(model, messages)),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives different call ids at different points of a conversation', async () => {
    const { service, model } = await setUp();
    const one = await service.chat(request(model, [user('12*7')]));
    const two = await service.chat(
      request(model, [user('hello'), { role: 'assistant', content: 'Hi' }, user('12*7')]),
    );
    expect(one.toolCalls[0]?.id).not.toBe(two.toolCalls[0]?.id);
  });

  it('streams its reply as content deltas and its tool calls as tool-call deltas before resolving', async () => {
    const { service, model } = await setUp();
    const deltas: ChatDelta[] = [];
    const reply = await service.chat(
      request(model, [user('hello there')], { onDelta: (delta) => deltas.push(delta) }),
    );
    const content = deltas.filter((delta) => delta.type === 'content');
    expect(content.length).toBeGreaterThan(3);
    expect(content.map((delta) => delta.text).join('')).toBe(reply.content);
    deltas.length = 0;
    const calls = await service.chat(
      request(model, [user('12*7')], { onDelta: (delta) => deltas.push(delta) }),
    );
    expect(deltas.filter((delta) => delta.type === 'tool-call')).toEqual([
      {
        type: 'tool-call',
        index: 0,
        id: calls.toolCalls[0]?.id,
        name: 'arithmetic',
        argumentsText: '{"expression":"12*7"}',
      },
    ]);
  });

  it('reports usage.promptTokens as the token count of the messages and tools it was sent', async () => {
    const { service, model } = await setUp();
    const messages: ChatMessage[] = [{ role: 'system', content: 'Be brief.' }, user('hello')];
    const response = await service.chat(request(model, messages));
    const expected = createTokenCounter().estimateRequest({ messages, tools });
    expect(response.usage?.promptTokens).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    expect(response.usage?.totalTokens).toBe(expected + (response.usage?.completionTokens ?? 0));
    const longer = await service.chat(
      request(model, [...messages, { role: 'assistant', content: 'Hi!' }, user('more')]),
    );
    expect(longer.usage?.promptTokens).toBeGreaterThan(expected);
  });

  it('[ARC-9] notes a stop marker and does not go back to the stopped request', async () => {
    const { service, model } = await setUp();
    const response = await service.chat(
      request(model, [
        { role: 'system', content: 'You are Aalis.' },
        user('Tell me a long story.'),
        { role: 'system', content: '[System] The previous reply was stopped by You before it finished.' },
        user('hello'),
      ]),
    );
    expect(response.content).toBe(
      '(My previous reply was stopped before it finished.) Hello! I am the scripted demo model of aalis-agent.',
    );
  });

  it('[ABT-1] rejects with ChatAbortedError at once when the signal is already aborted', async () => {
    const { service, model } = await setUp();
    const controller = new AbortController();
    controller.abort('stop');
    const error = await rejection(
      service.chat(request(model, [user('hello')], { signal: controller.signal })),
    );
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect((error as ChatAbortedError).cause).toBe('stop');
  });

  it('[ABT-1] stops streaming a story when aborted midway', async () => {
    const { service, model } = await setUp({ storyChunkDelayMs: 60_000 });
    const controller = new AbortController();
    const words: string[] = [];
    const call = service.chat(
      request(model, [user('Tell me a story')], {
        signal: controller.signal,
        onDelta: (delta) => {
          if (delta.type !== 'content') return;
          words.push(delta.text);
          controller.abort('enough');
        },
      }),
    );
    const error = await rejection(call);
    expect(ChatAbortedError.isInstance(error)).toBe(true);
    expect(words).toEqual(['Once ']);
  });
});
