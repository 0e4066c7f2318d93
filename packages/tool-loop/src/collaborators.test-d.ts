import type { HooksService } from '@aalis/api-hooks';
import type { LlmService } from '@aalis/api-llm';
import type { ToolsService } from '@aalis/api-tools';
import type { TurnWriter } from '@aalis/archive-adapter';
import type { EventBus } from '@aalis/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { RunToolLoopOptions, ToolLoopPersistence, ToolLoopResult } from './index';
import { runToolLoop } from './index';

describe('collaborator types', () => {
  it('takes the services of the contracts as they are', () => {
    expectTypeOf<HooksService>().toExtend<RunToolLoopOptions['hooks']>();
    expectTypeOf<EventBus>().toExtend<RunToolLoopOptions['events']>();
    expectTypeOf<LlmService>().toExtend<RunToolLoopOptions['llm']>();
    expectTypeOf<ToolsService>().toExtend<NonNullable<RunToolLoopOptions['tools']>>();
  });

  it('takes the turn writer of @aalis/archive-adapter as it is', () => {
    expectTypeOf<TurnWriter>().toExtend<ToolLoopPersistence>();
  });

  it('resolves with a ToolLoopResult whose outcome is one of the four', () => {
    expectTypeOf(runToolLoop).returns.resolves.toEqualTypeOf<ToolLoopResult>();
    expectTypeOf<ToolLoopResult['outcome']>().toEqualTypeOf<'replied' | 'silent' | 'aborted' | 'error'>();
  });
});
