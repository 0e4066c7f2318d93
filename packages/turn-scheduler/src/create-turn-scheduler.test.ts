import { describe, expect, it, vi } from 'vitest';
import {
  createTurnScheduler,
  QueueListenerError,
  ReleaseCallbackError,
  TurnBodyError,
  TurnSchedulerError,
  TurnStoppedError,
} from '../src/index';
import {
  createHarness,
  deferred,
  flush,
  human,
  injection,
  type TestMessage,
} from '../test/scheduler-harness';

describe('createTurnScheduler', () => {
  it('throws a TypeError when a required callback is missing', () => {
    const options = { sessionOf: () => 'a', isInjection: () => false } as unknown as Parameters<
      typeof createTurnScheduler
    >[0];
    expect(() => createTurnScheduler(options)).toThrow(TypeError);
  });

  it('throws a TypeError when sessionOf gives no string, before accepting the input', () => {
    const scheduler = createTurnScheduler<unknown>({
      sessionOf: () => 42 as unknown as string,
      isInjection: () => false,
      runTurn: () => undefined,
    });
    expect(() => scheduler.submit({})).toThrow(TypeError);
    expect(scheduler.stats().unsettled).toBe(0);
  });

  it('keeps no state for a session once nothing runs or waits in it', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    harness.submit(human('a', 'h2'));
    harness.submit(injection('b', 'k1'));
    harness.submit(injection('b', 'k2'));
    harness.scheduler.abort('b', { queued: true });
    expect(harness.scheduler.stats().sessions).toBe(2);
    const cleanup = deferred();
    void harness.scheduler.clearing(['c'], () => cleanup.promise);
    harness.submit(injection('c', 'l1'));
    while (harness.turns.some((turn) => !turn.ended)) {
      for (const turn of harness.turns.filter((candidate) => !candidate.ended)) turn.finish();
      await flush();
    }
    cleanup.resolve();
    await flush();
    harness.running('c').finish();
    await flush();
    expect(harness.scheduler.stats()).toEqual({
      sessions: 0,
      unsettled: 0,
      holds: 0,
      heldInputs: 0,
      runningTurns: 0,
      waitingForSlot: 0,
    });
  });

  it('default turn ids are unique, also across schedulers', async () => {
    const ids: string[] = [];
    const make = () =>
      createTurnScheduler<TestMessage>({
        sessionOf: (message) => message.sessionId,
        isInjection: () => true,
        runTurn: (turn) => {
          ids.push(turn.turnId);
        },
      });
    const first = make();
    const second = make();
    await Promise.all([
      first.submit(injection('a', '1')),
      first.submit(injection('a', '2')),
      second.submit(injection('a', '1')),
    ]);
    expect(new Set(ids).size).toBe(3);
  });

  it('reports a throwing queue listener and goes on', async () => {
    const harness = createHarness({
      onQueue: () => {
        throw new Error('listener bug');
      },
    });
    harness.submit(injection('a', 'j1'));
    const queued = harness.submit(injection('a', 'j2'));
    harness.running('a').finish();
    await flush();
    harness.running('a').finish();
    await flush();
    expect(queued.value?.status).toBe('turn');
    expect(harness.errors.every((error) => QueueListenerError.isInstance(error))).toBe(true);
    expect(harness.errors.length).toBeGreaterThan(0);
  });

  it('reports to console.error when no onError is given', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const scheduler = createTurnScheduler<TestMessage>({
        sessionOf: (message) => message.sessionId,
        isInjection: () => true,
        runTurn: () => Promise.reject(new Error('boom')),
      });
      await scheduler.submit(injection('a', 'j1'));
      expect(spy).toHaveBeenCalledTimes(1);
      expect(TurnBodyError.isInstance(spy.mock.calls[0]?.[0])).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('methods work when taken off the scheduler', async () => {
    const { submit, abort, runningTurn } = createHarness().scheduler;
    void submit(injection('a', 'j1'));
    expect(runningTurn('a')?.openedBy).toBe('injection');
    expect(abort('a')).toBe(true);
  });
});

describe('errors', () => {
  it('carry stable codes and are recognized by isInstance, also from another copy of the package', () => {
    const body = new TurnBodyError({ sessionId: 'a', turnId: 't1', cause: new Error('x') });
    expect(body.code).toBe('TURN_BODY_FAILED');
    expect(body.sessionId).toBe('a');
    expect(TurnSchedulerError.isInstance(body)).toBe(true);
    expect(TurnBodyError.isInstance(body)).toBe(true);
    expect(ReleaseCallbackError.isInstance(body)).toBe(false);
    const stopped = new TurnStoppedError({ sessionId: 'a', turnId: 't1', stop: { kind: 'drain' } });
    expect(stopped.code).toBe('TURN_STOPPED');
    const foreign = Object.assign(new Error('from another copy'), { code: 'TURN_BODY_FAILED' });
    Object.defineProperty(foreign, Symbol.for('@aalis/turn-scheduler/error'), { value: true });
    expect(TurnBodyError.isInstance(foreign)).toBe(true);
    expect(TurnSchedulerError.isInstance(new Error('plain'))).toBe(false);
    expect(TurnSchedulerError.isInstance(null)).toBe(false);
  });
});
