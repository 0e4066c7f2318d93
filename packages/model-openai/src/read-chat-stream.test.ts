import { ChatFailedError } from '@aalis/api-llm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deltaRecorder, modelOf, providerFor, useScriptedChatServer } from '../test/chat-fixture';
import { chunk, sseReply, textReply, usageChunk } from '../test/scripted-chat-server';
import { ModelInvalidResponseError } from './index';
import { readChatStream } from './read-chat-stream';
import type { ServerSentEvent } from './server-sent-event-decoder';

const server = useScriptedChatServer();
const user = [{ role: 'user' as const, content: 'hi' }];

/** Two parallel tool calls, each split across several chunks, the second starting before the first ends. */
const parallelToolCallChunks = [
  chunk({ role: 'assistant', content: null as unknown as string }),
  chunk({
    tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'weather', arguments: '' } }],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
  chunk({
    tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'time', arguments: '{"zo' } }],
  }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }),
  chunk({ tool_calls: [{ index: 1, function: { arguments: 'ne":"CET"}' } }] }),
  chunk({}, 'tool_calls'),
  usageChunk(42, 7),
];

describe('streaming a reply', () => {
  it('reports text deltas in order before resolving with the whole text and finish reason', async () => {
    server().script(textReply('Hel', 'lo', ' there'));
    const provider = providerFor(server());
    const { deltas, onDelta } = deltaRecorder();
    const response = await provider.chat({ model: await modelOf(provider), messages: user, onDelta });
    expect(deltas).toEqual([
      { type: 'content', text: 'Hel' },
      { type: 'content', text: 'lo' },
      { type: 'content', text: ' there' },
    ]);
    expect(response).toMatchObject({ content: 'Hello there', toolCalls: [], finishReason: 'stop' });
  });

  it('assembles two parallel tool calls from fragments split across chunks, keyed by index', async () => {
    server().script(sseReply(parallelToolCallChunks));
    const provider = providerFor(server());
    const { deltas, onDelta } = deltaRecorder();
    const response = await provider.chat({ model: await modelOf(provider), messages: user, onDelta });
    expect(response.toolCalls).toEqual([
      { id: 'call_a', name: 'weather', arguments: '{"city":"Paris"}' },
      { id: 'call_b', name: 'time', arguments: '{"zone":"CET"}' },
    ]);
    expect(response.finishReason).toBe('tool-calls');
    expect(response.content).toBe('');
    expect(deltas).toEqual([
      { type: 'tool-call', index: 0, id: 'call_a', name: 'weather' },
      { type: 'tool-call', index: 0, argumentsText: '{"city":' },
      { type: 'tool-call', index: 1, id: 'call_b', name: 'time', argumentsText: '{"zo' },
      { type: 'tool-call', index: 0, argumentsText: '"Paris"}' },
      { type: 'tool-call', index: 1, argumentsText: 'ne":"CET"}' },
    ]);
  });

  it('[USG-2] takes usage.promptTokens from the final usage chunk', async () => {
    server().script(sseReply(parallelToolCallChunks));
    const provider = providerFor(server());
    const response = await provider.chat({ model: await modelOf(provider), messages: user });
    expect(response.usage).toEqual({ promptTokens: 42, completionTokens: 7, totalTokens: 49 });
  });

  it('[USG-2] leaves usage absent when the server sends no usage chunk', async () => {
    server().script(sseReply([chunk({ content: 'ok' }), chunk({}, 'stop')]));
    const provider = providerFor(server());
    const response = await provider.chat({ model: await modelOf(provider), messages: user });
    expect(response.content).toBe('ok');
    expect(response).not.toHaveProperty('usage');
  });

  it('reports reasoning_content deltas as reasoning, apart from the text', async () => {
    server().script(
      sseReply([
        chunk({ reasoning_content: 'Let me ' }),
        chunk({ reasoning_content: 'think.' }),
        chunk({ content: 'Answer' }),
        chunk({}, 'stop'),
      ]),
    );
    const provider = providerFor(server());
    const { deltas, onDelta } = deltaRecorder();
    const response = await provider.chat({ model: await modelOf(provider), messages: user, onDelta });
    expect(response).toMatchObject({ content: 'Answer', reasoning: 'Let me think.' });
    expect(deltas.map((delta) => delta.type)).toEqual(['reasoning', 'reasoning', 'content']);
  });

  it('maps the finish reasons length and content_filter, and any other to other', async () => {
    const provider = providerFor(server());
    const model = await modelOf(provider);
    const reasons: unknown[] = [];
    for (const reason of ['length', 'content_filter', 'something_new']) {
      server().script(sseReply([chunk({ content: 'x' }, reason)]));
      reasons.push((await provider.chat({ model, messages: user })).finishReason);
    }
    expect(reasons).toEqual(['length', 'content-filter', 'other']);
  });

  it('fails with MODEL_INVALID_RESPONSE for a tool call that never got a name', async () => {
    server().script(
      sseReply([chunk({ tool_calls: [{ index: 0, id: 'c', function: { arguments: '{}' } }] })]),
    );
    const provider = providerFor(server());
    const failure = await provider.chat({ model: await modelOf(provider), messages: user }).catch((e) => e);
    expect(ChatFailedError.isInstance(failure)).toBe(true);
    expect(ModelInvalidResponseError.isInstance(failure.cause)).toBe(true);
  });
});

/** The events of a stream sending `chunks` as JSON, then `[DONE]`. */
async function* fromArray(chunks: readonly unknown[]): AsyncIterable<ServerSentEvent> {
  for (const item of chunks) yield { field: 'data', event: undefined, text: JSON.stringify(item) };
  yield { field: 'data', event: undefined, text: '[DONE]' };
}

interface GeneratedCall {
  readonly name: string;
  readonly pieces: readonly string[];
}

/** Interleaves the fragments of several calls in the order given by `schedule`, keeping each call's order. */
function interleave(calls: readonly GeneratedCall[], schedule: readonly number[]): unknown[] {
  const next = calls.map(() => 0);
  const fragments: unknown[] = [];
  const remaining = () => calls.some((call, index) => (next[index] ?? 0) <= call.pieces.length);
  let step = 0;
  while (remaining()) {
    const pick = schedule[step % Math.max(1, schedule.length)] ?? 0;
    step += 1;
    const index = [...calls.keys()]
      .map((offset) => (pick + offset) % calls.length)
      .find((candidate) => {
        const call = calls[candidate];
        return call !== undefined && (next[candidate] ?? 0) <= call.pieces.length;
      });
    if (index === undefined) break;
    const position = next[index] ?? 0;
    next[index] = position + 1;
    const call = calls[index] as GeneratedCall;
    fragments.push(
      position === 0
        ? { index, id: `call_${index}`, function: { name: call.name, arguments: '' } }
        : { index, function: { arguments: call.pieces[position - 1] } },
    );
  }
  return fragments.map((fragment) => chunk({ tool_calls: [fragment] }));
}

describe('readChatStream', () => {
  it('assembles every call whatever the split and interleaving of its fragments', async () => {
    const call = fc.record({
      name: fc.stringMatching(/^[a-z_]{1,12}$/),
      pieces: fc.array(fc.string({ maxLength: 6 }), { maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(call, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(3)),
        async (calls, schedule) => {
          const argumentsByIndex = new Map<number, string>();
          const response = await readChatStream(fromArray(interleave(calls, schedule)), {
            onDelta: (delta) => {
              if (delta.type !== 'tool-call') return;
              argumentsByIndex.set(
                delta.index,
                (argumentsByIndex.get(delta.index) ?? '') + (delta.argumentsText ?? ''),
              );
            },
          });
          const expected = calls.map((generated, index) => ({
            id: `call_${index}`,
            name: generated.name,
            arguments: generated.pieces.join(''),
          }));
          expect(response.toolCalls).toEqual(expected);
          expect([...argumentsByIndex.entries()].sort(([a], [b]) => a - b).map(([, text]) => text)).toEqual(
            expected.map((expectedCall) => expectedCall.arguments),
          );
        },
      ),
    );
  });

  it('gives a tool call without an id a generated one, different for each call', async () => {
    const response = await readChatStream(
      fromArray([
        chunk({ tool_calls: [{ index: 0, function: { name: 'a', arguments: '{}' } }] }),
        chunk({ tool_calls: [{ index: 1, function: { name: 'b', arguments: '{}' } }] }),
      ]),
    );
    const [first, second] = response.toolCalls;
    expect(first?.id).toMatch(/^call_/);
    expect(second?.id).toMatch(/^call_/);
    expect(first?.id).not.toBe(second?.id);
  });

  it('continues the last call with a fragment that has no index', async () => {
    const response = await readChatStream(
      fromArray([
        chunk({ tool_calls: [{ id: 'x', function: { name: 'a', arguments: '{"k"' } }] }),
        chunk({ tool_calls: [{ function: { arguments: ':1}' } }] }),
        chunk({ tool_calls: [{ id: 'y', function: { name: 'b', arguments: '{}' } }] }),
      ]),
    );
    expect(response.toolCalls).toEqual([
      { id: 'x', name: 'a', arguments: '{"k":1}' },
      { id: 'y', name: 'b', arguments: '{}' },
    ]);
  });

  it('keeps the first id and name when a server repeats them on every fragment', async () => {
    const response = await readChatStream(
      fromArray([
        chunk({ tool_calls: [{ index: 0, id: 'x', function: { name: 'a', arguments: '{"k"' } }] }),
        chunk({ tool_calls: [{ index: 0, id: 'x', function: { name: 'a', arguments: ':1}' } }] }),
      ]),
    );
    expect(response.toolCalls).toEqual([{ id: 'x', name: 'a', arguments: '{"k":1}' }]);
  });

  it('reads `reasoning` deltas (Ollama, OpenRouter) as reasoning too, and a refusal as text', async () => {
    const response = await readChatStream(
      fromArray([
        chunk({ reasoning: 'hmm' } as never),
        chunk({ refusal: 'I cannot help with that.' } as never, 'stop'),
      ]),
    );
    expect(response).toMatchObject({ reasoning: 'hmm', content: 'I cannot help with that.' });
  });

  it('fails with MODEL_INVALID_RESPONSE when [DONE] comes before any chunk', async () => {
    await expect(readChatStream(fromArray([]))).rejects.toSatisfy(ModelInvalidResponseError.isInstance);
  });
});
