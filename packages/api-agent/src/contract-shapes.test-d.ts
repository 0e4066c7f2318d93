import type { ModelRef } from '@aalis/api-llm';
import type { IncomingMessage, Message, TextRef } from '@aalis/schema-message';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AgentReplyBeforePayload,
  AgentService,
  AgentTurnAfterPayload,
  AgentTurnBeforePayload,
  BoundAgent,
  PreprocessorFn,
  PromptBucket,
  TokenBudgetBucket,
  TokenUsageEvent,
  TokenUsagePart,
  TurnInput,
} from './index';

describe('the seed contract, as written', () => {
  it('[SVC-1] has the AgentService methods of the contract', () => {
    expectTypeOf<AgentService['handleMessage']>().toEqualTypeOf<
      (message: IncomingMessage) => Promise<void>
    >();
    expectTypeOf<AgentService['abort']>().parameters.toEqualTypeOf<
      [
        sessionId: string,
        options?: {
          turnId?: string;
          queued?: boolean;
          reason?: string;
          by?: NonNullable<IncomingMessage['actor']>;
        },
      ]
    >();
    expectTypeOf<AgentService['abort']>().returns.toEqualTypeOf<boolean>();
    expectTypeOf<AgentService['clearing']>().toEqualTypeOf<
      (
        sessionIds: readonly string[] | undefined,
        clear: () => Promise<unknown>,
        reason?: string,
      ) => Promise<void>
    >();
    expectTypeOf<AgentService['assignModel']>().toEqualTypeOf<
      (sessionId: string, model: ModelRef) => Promise<void>
    >();
  });

  it('[SVC-1] makes registerPreprocessor optional on the service and required on BoundAgent', () => {
    expectTypeOf<AgentService['registerPreprocessor']>().toEqualTypeOf<
      ((name: string, handler: PreprocessorFn) => () => void) | undefined
    >();
    expectTypeOf<BoundAgent['registerPreprocessor']>().toEqualTypeOf<
      (name: string, handler: PreprocessorFn) => () => void
    >();
    expectTypeOf<BoundAgent>().toExtend<AgentService>();
  });

  it('[PRE-1] types a preprocessor as an onion middleware over the input', () => {
    expectTypeOf<PreprocessorFn>().toEqualTypeOf<
      (message: IncomingMessage, next: () => Promise<void>) => Promise<void>
    >();
  });

  it('[HK-9] gives a turn input a read-only message and an archived message set later', () => {
    expectTypeOf<TurnInput>().toEqualTypeOf<{ readonly message: IncomingMessage; archived?: Message }>();
  });

  it('[HK-2] [HK-8] share one inputs type between turn:before and turn:after', () => {
    expectTypeOf<AgentTurnAfterPayload['inputs']>().toEqualTypeOf<AgentTurnBeforePayload['inputs']>();
    expectTypeOf<AgentTurnAfterPayload['outcome']>().toEqualTypeOf<
      'replied' | 'silent' | 'aborted' | 'error'
    >();
    expectTypeOf<AgentTurnAfterPayload['error']>().toEqualTypeOf<string | TextRef | undefined>();
    expectTypeOf<AgentTurnAfterPayload['reply']>().toEqualTypeOf<Message | undefined>();
  });

  it('[HK-7] lets a reply middleware ask for a format retry with feedback', () => {
    expectTypeOf<AgentReplyBeforePayload['retry']>().toEqualTypeOf<
      { readonly feedback: string } | undefined
    >();
    expectTypeOf<AgentReplyBeforePayload>().toHaveProperty('attempt').toEqualTypeOf<number>();
    expectTypeOf<AgentReplyBeforePayload>().toHaveProperty('maxRetries').toEqualTypeOf<number>();
  });

  it('[USG-7] keys the breakdown by the 12 buckets and labels parts with string or TextRef', () => {
    expectTypeOf<keyof TokenUsageEvent['breakdown']>().toEqualTypeOf<TokenBudgetBucket>();
    expectTypeOf<TokenUsagePart['label']>().toEqualTypeOf<string | TextRef>();
    expectTypeOf<PromptBucket>().toExtend<TokenBudgetBucket>();
  });

  it('[TID-4] leaves the turn id optional for snapshots', () => {
    expectTypeOf<TokenUsageEvent['turnId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<TokenUsageEvent['snapshot']>().toEqualTypeOf<boolean>();
  });
});
