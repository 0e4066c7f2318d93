import { describe, expectTypeOf, it } from 'vitest';
import {
  type AsyncCountOptions,
  type ChatMessageLike,
  computeTokenBreakdown,
  createTokenCounter,
  type MessageBucket,
  type TextRef,
  type TokenBudgetBucket,
  type TokenUsageFields,
  type TokenUsagePart,
  trimHistory,
} from './index';

describe('public types', () => {
  it('[USG-7] names exactly the 12 buckets', () => {
    expectTypeOf<TokenBudgetBucket>().toEqualTypeOf<
      | 'system'
      | 'persona'
      | 'memorySummary'
      | 'memoryVector'
      | 'skills'
      | 'platform'
      | 'subtask'
      | 'systemOther'
      | 'history'
      | 'toolResults'
      | 'toolDefs'
      | 'reservedForReply'
    >();
    expectTypeOf<MessageBucket>().not.toEqualTypeOf<TokenBudgetBucket>();
  });

  it('[USG-2] [USG-7] shapes the usage fields as the TokenUsageEvent does', () => {
    expectTypeOf<TokenUsageFields>().toEqualTypeOf<{
      used: number;
      contextWindow: number;
      usageRatio: number;
      tokenBudget: number;
      trimmed: boolean;
      untrimmedHistory: number;
      historyMessages: number;
      historyLimit: number;
      breakdown: Record<TokenBudgetBucket, number>;
      parts: TokenUsagePart[];
    }>();
    expectTypeOf<TokenUsagePart['label']>().toEqualTypeOf<string | TextRef>();
    expectTypeOf<TokenUsagePart['injectors']>().toEqualTypeOf<Record<string, number> | undefined>();
  });

  it('counts asynchronously with an optional signal and slice length, to a promised number', () => {
    const counter = createTokenCounter();
    expectTypeOf<AsyncCountOptions>().toEqualTypeOf<{
      readonly signal?: AbortSignal;
      readonly sliceMs?: number;
    }>();
    expectTypeOf(counter.countTextAsync).toEqualTypeOf<
      (text: string, options?: AsyncCountOptions) => Promise<number>
    >();
    expectTypeOf(counter.countMessageAsync).toEqualTypeOf<
      (message: ChatMessageLike, options?: AsyncCountOptions) => Promise<number>
    >();
    expectTypeOf(counter.countMessagesAsync).toEqualTypeOf<
      (messages: readonly ChatMessageLike[], options?: AsyncCountOptions) => Promise<number>
    >();
  });

  it('accepts both the OpenAI and the camelCase message shapes', () => {
    expectTypeOf({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }],
    }).toExtend<ChatMessageLike>();
    expectTypeOf({
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'a', name: 'f', arguments: { x: 1 } }],
      metadata: { turnId: 't' },
    }).toExtend<ChatMessageLike>();
    expectTypeOf({ role: 'tool', toolCallId: 'a', content: 'ok' }).toExtend<ChatMessageLike>();
  });

  it("keeps the caller's message type through classifying and trimming", () => {
    interface Archived extends ChatMessageLike {
      readonly id: string;
    }
    const messages: Archived[] = [];
    const counter = createTokenCounter();
    computeTokenBreakdown({
      messages,
      counter,
      classify: (message) => {
        expectTypeOf(message).toEqualTypeOf<Archived>();
        return 'history';
      },
    });
    expectTypeOf(trimHistory({ history: messages, allowance: 10, counter }).kept).toEqualTypeOf<Archived[]>();
  });
});
