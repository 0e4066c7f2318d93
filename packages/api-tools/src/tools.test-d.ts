import type { ChatToolDefinition } from '@aalis/api-llm';
import type { EventMap } from '@aalis/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { ToolCallContext, ToolDefinition, ToolInvocation } from './index';

describe('tool types', () => {
  it('adds the tool:execute event to the EventMap of @aalis/core', () => {
    expectTypeOf<EventMap['tool:execute']>().toEqualTypeOf<ToolInvocation>();
  });

  it('[TID-2] [TID-3] gives tools the turn id and the call id', () => {
    expectTypeOf<ToolCallContext['turnId']>().toEqualTypeOf<string>();
    expectTypeOf<ToolCallContext['callId']>().toEqualTypeOf<string>();
    expectTypeOf<ToolCallContext['acceptsImages']>().toEqualTypeOf<boolean>();
  });

  it('lets a tool definition be offered to a model as is', () => {
    expectTypeOf<ToolDefinition>().toExtend<ChatToolDefinition>();
  });
});
