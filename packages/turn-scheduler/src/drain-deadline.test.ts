import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTurnScheduler, type DrainReport } from '../src/index';
import {
  createHarness,
  deferred,
  flush,
  human,
  injection,
  type TestMessage,
  track,
} from '../test/scheduler-harness';

const abandoned = { status: 'released', reason: 'abandoned', archive: false };

describe('drain with a deadline', () => {
  // Only timeouts are faked: `flush` runs on setImmediate.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[LIV-2] [DRN-1] a hung turn body: at the deadline its inputs and the batch waiting for it settle as abandoned, and the report names both', async () => {
    const harness = createHarness();
    const opener = harness.submit(human('a', 'h1'));
    const joined = harness.submit(human('a', 'h2'));
    harness.running('a').turn.takePendingInsertions();
    const queued = harness.submit(injection('a', 'j1'));
    const hung = harness.running('a');
    const drain = track(harness.scheduler.drain({ reason: 'shutdown', deadlineMs: 1000 }));

    await vi.advanceTimersByTimeAsync(999);
    expect(opener.settled || joined.settled || queued.settled || drain.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await flush();

    expect([opener.value, joined.value, queued.value]).toEqual([abandoned, abandoned, abandoned]);
    expect(drain.value).toEqual({
      abandoned: [
        { kind: 'turn', sessionId: 'a', turnId: hung.turn.turnId, inputCount: 2 },
        { kind: 'release', sessionId: 'a', reason: 'drain', inputCount: 1, delivering: false },
      ],
    } satisfies DrainReport);
    expect(harness.scheduler.stats()).toEqual({
      sessions: 0,
      unsettled: 0,
      holds: 0,
      heldInputs: 0,
      runningTurns: 0,
      waitingForSlot: 0,
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('[LIV-2] a turn body that settles after the deadline is ignored: no second settle, no release, no error', async () => {
    const harness = createHarness();
    const input = harness.submit(injection('a', 'j1'));
    harness.submit(injection('a', 'j2'));
    void harness.scheduler.drain({ deadlineMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    await flush();
    const settledWith = input.value;

    harness.running('a').fail(new Error('late failure'));
    await flush();

    expect(input.value).toBe(settledWith);
    expect(harness.releases).toEqual([]);
    expect(harness.errors).toEqual([]);
    expect(harness.scheduler.stats()).toMatchObject({ sessions: 0, unsettled: 0, runningTurns: 0 });
  });

  it('[LIV-2] a hung release callback: its batch is abandoned while being delivered, and a late finish or failure is ignored', async () => {
    const archiving = deferred();
    const releases: string[][] = [];
    const errors: unknown[] = [];
    const scheduler = createTurnScheduler<TestMessage>({
      sessionOf: (message) => message.sessionId,
      isInjection: () => true,
      runTurn: () => undefined,
      onRelease: (released) => {
        releases.push(released.map((item) => item.input.id));
        return archiving.promise;
      },
      onError: (error) => errors.push(error),
    });
    const cleanup = deferred();
    void scheduler.clearing(['a'], () => cleanup.promise);
    const held = track(scheduler.submit(injection('a', 'a1')));
    const drain = track(scheduler.drain({ deadlineMs: 50 }));
    await flush();
    expect(releases).toEqual([['a1']]);

    await vi.advanceTimersByTimeAsync(50);
    await flush();
    expect(held.value).toEqual(abandoned);
    expect(drain.value?.abandoned).toEqual([
      { kind: 'release', sessionId: 'a', reason: 'drain', inputCount: 1, delivering: true },
    ]);

    archiving.reject(new Error('archive came back too late'));
    cleanup.resolve();
    await flush();
    expect(errors).toEqual([]);
    expect(held.value).toEqual(abandoned);
    expect(scheduler.stats()).toMatchObject({ sessions: 0, unsettled: 0, holds: 0 });
  });

  it('[LIV-2] [ABT-3] an archived abort release in delivery is named with its own reason', async () => {
    const archiving = deferred();
    const harness = createHarness({ onRelease: () => archiving.promise });
    harness.submit(injection('a', 'a1'));
    const released = harness.submit(injection('a', 'a2'));
    harness.scheduler.abort('a', { queued: true });
    harness.running('a').finish();
    await flush();
    const drain = track(harness.scheduler.drain({ deadlineMs: 5 }));
    await vi.advanceTimersByTimeAsync(5);
    await flush();
    expect(released.value).toEqual(abandoned);
    expect(drain.value?.abandoned).toEqual([
      { kind: 'release', sessionId: 'a', reason: 'abort', inputCount: 1, delivering: true },
    ]);
    archiving.resolve();
    await flush();
    expect(harness.turns).toHaveLength(1);
  });

  it('[LIV-2] a drain that finishes before its deadline clears its timer and reports nothing', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    const drain = track(harness.scheduler.drain({ deadlineMs: 60_000 }));
    expect(vi.getTimerCount()).toBe(1);
    harness.running('a').finish();
    await flush();
    expect(drain.value).toEqual({ abandoned: [] });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('[LIV-2] a drain with nothing to wait for sets no timer', async () => {
    const harness = createHarness();
    await expect(harness.scheduler.drain({ deadlineMs: 1000 })).resolves.toEqual({ abandoned: [] });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('[LIV-2] [DEL-1] [CLR-1] deletions and clearings waiting for an abandoned turn go on at the deadline', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'a1'));
    harness.submit(injection('b', 'b1'));
    const deletion = track(harness.scheduler.deleteSession('a'));
    const cleanup = vi.fn();
    const clearing = track(harness.scheduler.clearing(['b'], cleanup));
    void harness.scheduler.drain({ deadlineMs: 20 });
    await vi.advanceTimersByTimeAsync(20);
    await flush();
    expect(deletion.settled).toBe(true);
    expect(clearing.settled).toBe(true);
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('[LIV-2] a drain without a deadline still waits as long as it takes; one with a deadline settles it too', async () => {
    const harness = createHarness();
    const input = harness.submit(injection('a', 'a1'));
    const patient = track(harness.scheduler.drain());
    const infinite = track(harness.scheduler.drain({ deadlineMs: Number.POSITIVE_INFINITY }));
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(patient.settled || infinite.settled || input.settled).toBe(false);
    expect(vi.getTimerCount()).toBe(0);

    const bounded = track(harness.scheduler.drain({ deadlineMs: 100 }));
    await vi.advanceTimersByTimeAsync(100);
    await flush();
    expect(input.value).toEqual(abandoned);
    expect(bounded.value?.abandoned).toHaveLength(1);
    expect(patient.value).toEqual({ abandoned: [] });
    expect(infinite.value).toEqual({ abandoned: [] });
  });

  it('[LIV-2] [DRN-1] after the deadline later submits are still released at once', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'a1'));
    void harness.scheduler.drain({ deadlineMs: 1 });
    await vi.advanceTimersByTimeAsync(1);
    const late = harness.submit(injection('a', 'a2'));
    await flush();
    expect(late.value).toEqual({ status: 'released', reason: 'drain', archive: false });
    expect(harness.turns).toHaveLength(1);
  });

  it('[LIV-2] [DEL-2] drain releases an input waiting for a generation read at once, without waiting for the read', async () => {
    const read = deferred<number>();
    const harness = createHarness({ generationOf: () => read.promise });
    const input = harness.submit(injection('a', 'a1'), { generation: 3 });
    const drain = track(harness.scheduler.drain({ deadlineMs: 1000 }));
    await flush();
    expect(input.value).toEqual({ status: 'released', reason: 'drain', archive: false });
    expect(drain.value).toEqual({ abandoned: [] });
    read.resolve(3);
    await flush();
    expect(harness.turns).toHaveLength(0);
  });

  it('throws a TypeError for a deadline that is not a number from 0 to the largest timer delay', () => {
    const harness = createHarness();
    for (const bad of [-1, Number.NaN, 2 ** 31, '5', null]) {
      expect(() => harness.scheduler.drain({ deadlineMs: bad as number })).toThrow(TypeError);
    }
    expect(harness.scheduler.stats().unsettled).toBe(0);
  });
});
