import { describe, expectTypeOf, it } from 'vitest';
import {
  createTurnScheduler,
  type DrainReport,
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
      expectTypeOf(outcome.reason).toEqualTypeOf<
        'abort' | 'clearing' | 'deleted' | 'generation' | 'drain' | 'abandoned'
      >();
  });

  it('[LIV-2] drain gives a report when a deadline may be set, and fits void callbacks without one', () => {
    const scheduler = {} as TurnScheduler<Message>;
    const onDrain = (callback: () => void | Promise<void>) => callback;
    onDrain(() => scheduler.drain());
    onDrain(() => scheduler.drain({ reason: 'shutdown' }));
    expectTypeOf(scheduler.drain({ deadlineMs: 5_000 })).toEqualTypeOf<Promise<DrainReport>>();
    const configured = undefined as number | undefined;
    expectTypeOf(scheduler.drain({ deadlineMs: configured })).toEqualTypeOf<Promise<DrainReport>>();
  });

  it('[LIV-2] release callbacks never see the abandoned reason', () => {
    expectTypeOf<ReleasedInput<Message>['reason']>().toEqualTypeOf<
      'abort' | 'clearing' | 'deleted' | 'generation' | 'drain'
    >();
  });

  it('[LIV-4] takes maxRunningTurns and nested submits', () => {
    const scheduler = createTurnScheduler<Message>({
      sessionOf: (message) => message.sessionId,
      isInjection: () => false,
      runTurn: () => undefined,
      maxRunningTurns: 64,
    });
    void scheduler.submit({ text: 'hi', sessionId: 'child' }, { nested: true });
    expectTypeOf(scheduler.stats().runningTurns).toEqualTypeOf<number>();
    expectTypeOf(scheduler.stats().waitingForSlot).toEqualTypeOf<number>();
  });

  it('rejects an input of the wrong type', () => {
    const scheduler = {} as TurnScheduler<Message>;
    // @ts-expect-error a number is not a Message
    void scheduler.submit(42);
  });
});
