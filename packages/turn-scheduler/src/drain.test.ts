import { describe, expect, it } from 'vitest';
import { TurnBodyError } from '../src/index';
import { createHarness, deferred, flush, human, injection, track } from '../test/scheduler-harness';

describe('drain and settling', () => {
  it('[DRN-1] drain stops every turn, releases every input and resolves once every submit settled', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    const pending = harness.submit(human('a', 'h2'));
    harness.submit(injection('b', 'k1'));
    const queued = harness.submit(injection('b', 'k2'));
    const cleanup = deferred();
    void harness.scheduler.clearing(['c'], () => cleanup.promise);
    const held = harness.submit(injection('c', 'l1'));

    const drain = track(harness.scheduler.drain({ reason: 'shutdown' }));

    expect(harness.running('a').turn.stopInfo()).toEqual({ kind: 'drain', reason: 'shutdown' });
    expect(harness.running('b').turn.signal.aborted).toBe(true);
    await flush();
    expect(held.value).toEqual({ status: 'released', reason: 'drain', archive: false });
    expect(pending.settled || queued.settled || drain.settled).toBe(false);
    harness.running('a').finish();
    harness.running('b').finish();
    await flush();
    expect(pending.value).toEqual({ status: 'released', reason: 'drain', archive: true });
    expect(queued.value).toEqual({ status: 'released', reason: 'drain', archive: true });
    expect(drain.settled).toBe(true);
    expect(harness.scheduler.stats()).toMatchObject({ sessions: 0, unsettled: 0 });
    cleanup.resolve();
  });

  it('[DRN-1] after drain new submits are released at once and never hang', async () => {
    const harness = createHarness();
    await harness.scheduler.drain();
    const late = harness.submit(human('a', 'h1'));
    await flush();
    expect(late.value).toEqual({ status: 'released', reason: 'drain', archive: false });
    expect(harness.turns).toHaveLength(0);
    await expect(harness.scheduler.drain()).resolves.toEqual({ abandoned: [] });
  });

  it('[SVC-2] a submit settles when its turn ended, not before', async () => {
    const harness = createHarness();
    const input = harness.submit(injection('a', 'j1'));
    await flush();
    expect(input.settled).toBe(false);
    harness.running('a').finish();
    await flush();
    expect(input.value).toEqual({ status: 'turn', turnId: harness.turns[0]!.turn.turnId });
  });

  it('[SVC-2] a released input settles after its release callback finished', async () => {
    const archiving = deferred();
    const harness = createHarness({ onRelease: () => archiving.promise });
    harness.submit(injection('a', 'j1'));
    const queued = harness.submit(injection('a', 'j2'));
    void harness.scheduler.deleteSession('a');
    await flush();
    expect(queued.settled).toBe(false);
    archiving.resolve();
    await flush();
    expect(queued.value?.status).toBe('released');
  });

  it('[SVC-2] a throwing turn body or release callback never rejects a submit and is reported', async () => {
    const harness = createHarness({
      onRelease: () => {
        throw new Error('archive down');
      },
    });
    const failing = harness.submit(injection('a', 'j1'));
    const released = harness.submit(injection('a', 'j2'));
    harness.scheduler.abort('a', { queued: true });
    harness.running('a').fail(new Error('model exploded'));
    await flush();
    expect(failing.value?.status).toBe('turn');
    expect(released.value).toEqual({ status: 'released', reason: 'abort', archive: true });
    expect(harness.errors.map((error) => error.code)).toEqual([
      'TURN_BODY_FAILED',
      'RELEASE_CALLBACK_FAILED',
    ]);
    const bodyError = harness.errors[0];
    expect(TurnBodyError.isInstance(bodyError) && bodyError.turnId).toBe(harness.turns[0]!.turn.turnId);
  });

  it('[SVC-2] a turn body that throws synchronously still ends its turn and the session goes on', async () => {
    const errors: unknown[] = [];
    const harness = createHarness({
      runTurn: (turn) => {
        if (turn.inputs[0]?.id === 'bad') throw new Error('sync failure');
      },
      onError: (error) => errors.push(error),
    });
    const bad = harness.submit(injection('a', 'bad'));
    const good = harness.submit(injection('a', 'good'));
    await flush();
    expect(bad.value?.status).toBe('turn');
    expect(good.value?.status).toBe('turn');
    expect(errors).toHaveLength(1);
  });
});
