import type { Message } from '@aalis/schema-message';
import { describe, expectTypeOf, it } from 'vitest';
import type { ChatMessage, ChatRequest, ChatResponse } from './index';

describe('chat types', () => {
  it('accepts stored history messages as chat messages', () => {
    expectTypeOf<Message>().toExtend<ChatMessage>();
  });

  it('reports prompt tokens as an optional number', () => {
    expectTypeOf<NonNullable<ChatResponse['usage']>['promptTokens']>().toEqualTypeOf<number | undefined>();
  });

  it('takes an abort signal, a thinking flag and a delta callback', () => {
    expectTypeOf<ChatRequest['signal']>().toEqualTypeOf<AbortSignal | undefined>();
    expectTypeOf<ChatRequest['thinking']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<NonNullable<ChatRequest['onDelta']>>().parameter(0).toHaveProperty('type');
  });
});
