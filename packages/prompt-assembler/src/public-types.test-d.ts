import type { AgentPromptContribution, PromptBucket } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import type { Contribution } from '@aalis/core';
import type { ChatMessageLike, MessageClassifier, TokenCounter } from '@aalis/token-budget';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ContributionBlock,
  createPromptAssembler,
  createPromptClassifier,
  type InjectorFigures,
  injectorFiguresOf,
  type PromptAssembly,
  type PromptContributionEntry,
  type PromptMessage,
} from './index';

describe('public types', () => {
  it("accepts core's listed agent:prompt contributions as entries", () => {
    expectTypeOf<Contribution<'agent:prompt'>>().toExtend<PromptContributionEntry>();
    expectTypeOf<PromptContributionEntry['spec']>().toEqualTypeOf<AgentPromptContribution>();
  });

  it('gives messages that are chat messages token-budget can count, tagged with their injector', () => {
    expectTypeOf<PromptMessage>().toExtend<ChatMessage>();
    expectTypeOf<PromptMessage>().toExtend<ChatMessageLike>();
    expectTypeOf<PromptMessage['metadata']['injector']>().toEqualTypeOf<string>();
    expectTypeOf<ContributionBlock['bucket']>().toEqualTypeOf<PromptBucket>();
  });

  it('resolves assemble with an assembly and builds classifiers for any message type', () => {
    const assembler = createPromptAssembler({ contributions: () => [], counter: {} as TokenCounter });
    expectTypeOf(assembler.assemble).returns.toEqualTypeOf<Promise<PromptAssembly>>();
    expectTypeOf(createPromptClassifier<ChatMessage>({ blocks: [] })).toEqualTypeOf<
      MessageClassifier<ChatMessage>
    >();
    expectTypeOf(injectorFiguresOf([])).toEqualTypeOf<InjectorFigures>();
  });

  it('rejects a request without a session id', () => {
    const assembler = createPromptAssembler({ contributions: () => [], counter: {} as TokenCounter });
    // @ts-expect-error sessionId is required
    void assembler.assemble({ dryRun: true });
  });
});
