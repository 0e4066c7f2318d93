import type { ChatDelta } from '@aalis/api-llm';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplyBuilder } from './create-reply-builder';

const finishPart: LanguageModelV3StreamPart = {
  type: 'finish',
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  },
  finishReason: { unified: 'stop', raw: undefined },
};

/** One piece of a reply: text, reasoning, or an argument fragment of call `call`. */
const piece = fc.oneof(
  fc.record({
    kind: fc.constantFrom('text' as const, 'reasoning' as const),
    text: fc.string({ minLength: 1 }),
  }),
  fc.record({
    kind: fc.constant('tool' as const),
    call: fc.integer({ min: 0, max: 2 }),
    text: fc.string({ minLength: 1 }),
  }),
);

/** The stream parts of `pieces`: each call starts before its first fragment and ends with its whole input. */
function partsOf(
  pieces: ReadonlyArray<{ readonly kind: string; readonly text: string; readonly call?: number }>,
) {
  const started = new Map<number, string>();
  const parts: LanguageModelV3StreamPart[] = [];
  for (const { kind, text, call } of pieces) {
    if (kind === 'text') parts.push({ type: 'text-delta', id: 't', delta: text });
    else if (kind === 'reasoning') parts.push({ type: 'reasoning-delta', id: 'r', delta: text });
    else {
      const id = `call-${call}`;
      if (!started.has(call ?? 0)) parts.push({ type: 'tool-input-start', id, toolName: `tool${call}` });
      started.set(call ?? 0, (started.get(call ?? 0) ?? '') + text);
      parts.push({ type: 'tool-input-delta', id, delta: text });
    }
  }
  for (const [call, input] of started)
    parts.push({ type: 'tool-call', toolCallId: `call-${call}`, toolName: `tool${call}`, input });
  return { parts: [...parts, finishPart], calls: [...started] };
}

describe('createReplyBuilder', () => {
  it('reports every piece once, in order, whatever the interleaving, and the response agrees with the deltas', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const deltas: ChatDelta[] = [];
        const reply = createReplyBuilder((delta) => deltas.push(delta));
        const { parts, calls } = partsOf(pieces);
        for (const part of parts) reply.add(part);
        const response = reply.finish();
        const textOf = (type: 'content' | 'reasoning') =>
          deltas.flatMap((delta) => (delta.type === type ? [delta.text] : [])).join('');
        expect(response.content).toBe(textOf('content'));
        expect(response.reasoning ?? '').toBe(textOf('reasoning'));
        expect(response.toolCalls).toEqual(
          calls.map(([call, input]) => ({ id: `call-${call}`, name: `tool${call}`, arguments: input })),
        );
        response.toolCalls.forEach((call, index) => {
          const fragments = deltas.flatMap((delta) =>
            delta.type === 'tool-call' && delta.index === index ? [delta.argumentsText ?? ''] : [],
          );
          expect(fragments.join('')).toBe(call.arguments);
        });
      }),
    );
  });
});
