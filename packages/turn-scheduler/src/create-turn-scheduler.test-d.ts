import { describe, expectTypeOf, it } from 'vitest';
import {
  createTurnScheduler,
  type ReleasedInput,
  type SubmitOutcome,
  type Turn,
  type TurnScheduler,
  type TurnStop,
} from './index';

interface Message {
  readonly text: string;
  readonly sessionId: string;
  readonly source?: string;
}
interface Actor {
  readonly userId: string;
}

describe('createTurnScheduler types', () => {
  it('infers the input type from the callbacks and keeps the actor type', () => {
    const scheduler = createTurnScheduler<Message, Actor>({
      sessionOf: (message) => message.sessionId,
      isInjection: (message) => message.source !== undefined,
      runTurn: async (turn) => {
        expectTypeOf(turn).toEqualTypeOf<Turn<Message, Actor>>();
        expectTypeOf(turn.inputs).toEqualTypeOf<Message[]>();
        expectTypeOf(turn.takePendingInsertions()).toEqualTypeOf<readonly Message[]>();
        expectTypeOf(turn.stopInfo()).toEqualTypeOf<TurnStop<Actor> | undefined>();
      },
      onRelease: (released) => {
        expectTypeOf(released).toEqualTypeOf<readonly ReleasedInput<Message>[]>();
      },
    });
    expectTypeOf(scheduler).toEqualTypeOf<TurnScheduler<Message, Actor>>();
    expectTypeOf(scheduler.submit).returns.toEqualTypeOf<Promise<SubmitOutcome>>();
    expectTypeOf(scheduler.abort).parameter(1).toMatchTypeOf<{ by?: Actor | undefined } | undefined>();
  });

  it('narrows submit outcomes by status', () => {
    const outcome = {} as SubmitOutcome;
    if (outcome.status === 'turn') expectTypeOf(outcome.turnId).toEqualTypeOf<string>();
    else
      expectTypeOf(outcome.reason).toEqualTypeOf<'abort' | 'clearing' | 'deleted' | 'generation' | 'drain'>();
  });

  it('rejects an input of the wrong type', () => {
    const scheduler = {} as TurnScheduler<Message>;
    // @ts-expect-error a number is not a Message
    void scheduler.submit(42);
  });
});
