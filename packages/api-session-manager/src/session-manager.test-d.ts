import type { AgentService } from '@aalis/api-agent';
import type { EventMap } from '@aalis/core';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  SessionClearingAgent,
  SessionDeletedEvent,
  SessionInfo,
  SessionKind,
  SessionSettings,
} from './index';

declare module './index' {
  interface SessionSettings {
    persona?: string;
  }
}

describe('session manager types', () => {
  it('adds the session:deleted event to the EventMap of @aalis/core', () => {
    expectTypeOf<EventMap['session:deleted']>().toEqualTypeOf<SessionDeletedEvent>();
  });

  it('has the room kind for IM groups and private chats', () => {
    expectTypeOf<'room'>().toExtend<SessionKind>();
  });

  it('records the last turn with its outcome', () => {
    expectTypeOf<NonNullable<SessionInfo['lastTurn']>['outcome']>().toEqualTypeOf<
      'replied' | 'silent' | 'aborted' | 'error'
    >();
  });

  it('[SET-2] holds model, deep thinking, max tool iterations and history limit, and can be extended', () => {
    expectTypeOf<SessionSettings>().toHaveProperty('model').toEqualTypeOf<string | undefined>();
    expectTypeOf<SessionSettings>().toHaveProperty('deepThinking').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<SessionSettings>().toHaveProperty('maxToolIterations').toEqualTypeOf<number | undefined>();
    expectTypeOf<SessionSettings>().toHaveProperty('historyLimit').toEqualTypeOf<number | undefined>();
    expectTypeOf<SessionSettings>().toHaveProperty('persona').toEqualTypeOf<string | undefined>();
  });

  it('accepts an AgentService as the agent of the delete flow', () => {
    expectTypeOf<AgentService>().toExtend<SessionClearingAgent>();
  });
});
