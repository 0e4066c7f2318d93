import { describe, expect, it } from 'vitest';
import { createHarness, deferred, flush, human, injection, track } from '../test/scheduler-harness';

describe('holds for clearing', () => {
  it('[CLR-1] clearing stops the turns, releases waiting inputs unarchived, and runs cleanup after the turns settled', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    const pending = harness.submit(human('a', 'h2'));
    const queued = harness.submit(injection('a', 'j1'));
    const other = harness.submit(injection('b', 'k1'));
    const turn = harness.running('a');
    const steps: string[] = [];

    const clearing = track(
      harness.scheduler.clearing(['a'], () => steps.push('cleanup'), { reason: '/clear' }),
    );

    expect(turn.turn.stopInfo()).toEqual({ kind: 'clearing', reason: '/clear' });
    expect(harness.running('b').turn.signal.aborted).toBe(false);
    await flush();
    expect(harness.releases).toEqual([
      [
        { input: human('a', 'h2'), sessionId: 'a', reason: 'clearing', archive: false },
        { input: injection('a', 'j1'), sessionId: 'a', reason: 'clearing', archive: false },
      ],
    ]);
    const released = { status: 'released', reason: 'clearing', archive: false };
    expect([pending.value, queued.value]).toEqual([released, released]);
    expect(steps).toEqual([]);
    turn.finish();
    await flush();
    expect(steps).toEqual(['cleanup']);
    expect(clearing.settled).toBe(true);
    expect(other.settled).toBe(false);
  });

  it('[CLR-2] inputs arriving during the hold wait, unarchived, and run after cleanup ended', async () => {
    const harness = createHarness();
    const cleanup = deferred();
    const clearing = track(harness.scheduler.clearing(['a'], () => cleanup.promise));
    const during = harness.submit(human('a', 'h1'));
    harness.submit(injection('b', 'k1'));
    await flush();
    expect(harness.scheduler.isHeld('a')).toBe(true);
    expect(harness.scheduler.isHeld('b')).toBe(false);
    expect(harness.isRunning('a')).toBe(false);
    expect(harness.isRunning('b')).toBe(true);
    expect(harness.scheduler.waiting('a')).toEqual([]);
    expect(harness.scheduler.stats().heldInputs).toBe(1);
    expect(harness.releases).toEqual([]);

    cleanup.resolve();
    await flush();
    expect(clearing.settled).toBe(true);
    expect(harness.scheduler.isHeld('a')).toBe(false);
    expect(harness.running('a').opening).toEqual(['h1']);
    harness.running('a').finish();
    await flush();
    expect(during.value?.status).toBe('turn');
  });

  it('[CLR-2] held inputs keep their arrival order and human inputs open one turn together afterwards', async () => {
    const harness = createHarness();
    const cleanup = deferred();
    void harness.scheduler.clearing(['a'], () => cleanup.promise);
    for (const message of [human('a', 'h1'), human('a', 'h2'), injection('a', 'j1'), human('a', 'h3')]) {
      harness.submit(message);
    }
    cleanup.resolve();
    await flush();
    expect(harness.running('a').opening).toEqual(['h1']);
    expect(harness.scheduler.waiting('a').map((message) => message.id)).toEqual(['h2', 'j1', 'h3']);
  });

  it('[CLR-3] without session ids every session is held, including ones never seen', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    const turn = harness.running('a');
    const cleanup = deferred();
    const clearing = track(harness.scheduler.clearing(undefined, () => cleanup.promise));
    harness.submit(injection('fresh', 'f1'));
    expect(turn.turn.stopInfo()?.kind).toBe('clearing');
    expect(harness.scheduler.isHeld('fresh')).toBe(true);
    turn.finish();
    await flush();
    expect(harness.isRunning('fresh')).toBe(false);
    cleanup.resolve();
    await flush();
    expect(clearing.settled).toBe(true);
    expect(harness.running('fresh').opening).toEqual(['f1']);
  });

  it('[CLR-4] stopping and holding happen before any of the cleanup runs, whatever the cleanup does', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    const turn = harness.running('a');
    const seen: unknown[] = [];
    void harness.scheduler.clearing(['a'], async () => {
      seen.push(harness.scheduler.isHeld('a'), harness.scheduler.runningTurn('a'), turn.ended);
    });
    expect(turn.turn.signal.aborted).toBe(true);
    expect(harness.scheduler.isHeld('a')).toBe(true);
    turn.finish();
    await flush();
    expect(seen).toEqual([true, undefined, true]);
  });

  it('[CLR-5] a cleanup that deletes, aborts and clears the held session again completes without deadlock', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    harness.running('a').finish();
    const results: unknown[] = [];
    const clearing = track(
      harness.scheduler.clearing(['a'], async () => {
        results.push(harness.scheduler.abort('a', { queued: true }));
        await harness.scheduler.deleteSession('a');
        await harness.scheduler.clearing(['a'], () => results.push('inner cleanup'));
        results.push('deleted');
      }),
    );
    await flush();
    expect(clearing.settled).toBe(true);
    expect(clearing.error).toBeUndefined();
    expect(results).toEqual([false, 'inner cleanup', 'deleted']);
  });

  it('[CLR-5] deleteSession inside a cleanup resolves while the hold is still in force', async () => {
    const harness = createHarness();
    const cleanup = deferred();
    const order: string[] = [];
    void harness.scheduler.clearing(['a'], async () => {
      await harness.scheduler.deleteSession('a');
      order.push(`deleted while held: ${harness.scheduler.isHeld('a')}`);
      await cleanup.promise;
    });
    await flush();
    expect(order).toEqual(['deleted while held: true']);
    cleanup.resolve();
  });

  it('[CLR-6] a throwing cleanup rejects clearing with its error and still ends the hold', async () => {
    const harness = createHarness();
    const failure = new Error('memory:clear failed');
    const clearing = track(
      harness.scheduler.clearing(['a'], () => {
        throw failure;
      }),
    );
    const held = harness.submit(injection('a', 'j1'));
    await flush();
    expect(clearing.error).toBe(failure);
    expect(harness.scheduler.isHeld('a')).toBe(false);
    harness.running('a').finish();
    await flush();
    expect(held.value?.status).toBe('turn');

    const rejected = track(harness.scheduler.clearing(undefined, () => Promise.reject(failure)));
    await flush();
    expect(rejected.error).toBe(failure);
    expect(harness.scheduler.stats().holds).toBe(0);
  });

  it('[CLR-7] overlapping clearings compose: a session stays held until every hold covering it ended', async () => {
    const harness = createHarness();
    const first = deferred();
    const second = deferred();
    const firstClearing = track(harness.scheduler.clearing(['a', 'b'], () => first.promise));
    const secondClearing = track(harness.scheduler.clearing(undefined, () => second.promise));
    harness.submit(injection('a', 'j1'));
    harness.submit(injection('c', 'l1'));
    first.resolve();
    await flush();
    expect(firstClearing.settled).toBe(true);
    expect(harness.scheduler.isHeld('a')).toBe(true);
    expect(harness.turns).toHaveLength(0);
    second.resolve();
    await flush();
    expect(secondClearing.settled).toBe(true);
    expect(harness.turns.map((turn) => turn.opening)).toEqual([['j1'], ['l1']]);
  });

  it('[CLR-7] concurrent clearings of the same running turn both wait for it and both finish', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    const one = track(harness.scheduler.clearing(['a'], () => undefined));
    const two = track(harness.scheduler.clearing(['a'], () => undefined));
    await flush();
    expect(one.settled || two.settled).toBe(false);
    harness.running('a').finish();
    await flush();
    expect(one.settled && two.settled).toBe(true);
    expect(harness.scheduler.stats()).toEqual({
      sessions: 0,
      unsettled: 0,
      holds: 0,
      heldInputs: 0,
      runningTurns: 0,
      waitingForSlot: 0,
    });
  });

  it('rejects a clearing with a TypeError for a missing cleanup', async () => {
    const harness = createHarness();
    const call = harness.scheduler.clearing(['a'], undefined as unknown as () => void);
    await expect(call).rejects.toBeInstanceOf(TypeError);
    expect(harness.scheduler.isHeld('a')).toBe(false);
  });
});
