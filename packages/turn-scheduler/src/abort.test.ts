import { describe, expect, it } from 'vitest';
import { TurnStoppedError } from '../src/index';
import { createHarness, deferred, flush, human, injection } from '../test/scheduler-harness';

describe('abort', () => {
  it('[ABT-1] abort stops the running turn through its signal and returns true', async () => {
    const harness = createHarness();
    const input = harness.submit(human('a', 'h1'));
    const turn = harness.running('a');
    const signal = turn.turn.signal;

    expect(harness.scheduler.abort('a')).toBe(true);

    expect(signal.aborted).toBe(true);
    expect(TurnStoppedError.isInstance(signal.reason)).toBe(true);
    expect(turn.turn.stopInfo()).toEqual({ kind: 'abort' });
    expect(harness.scheduler.runningTurn('a')).toEqual({
      turnId: turn.turn.turnId,
      openedBy: 'human',
      stopped: true,
    });
    await flush();
    expect(input.settled).toBe(false);
    turn.finish();
    await flush();
    expect(input.value).toEqual({ status: 'turn', turnId: turn.turn.turnId });
  });

  it('[ABT-1] a signal first read after the stop is already aborted', () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    harness.scheduler.abort('a');
    expect(harness.running('a').turn.signal.aborted).toBe(true);
  });

  it('[ABT-2] with a turn id that is not the running turn, nothing at all happens', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    const ended = harness.running('a');
    ended.finish();
    harness.submit(injection('a', 'j2'));
    await flush();
    const current = harness.running('a');
    harness.submit(injection('a', 'j3'));
    const eventsBefore = harness.queueEvents.length;

    expect(harness.scheduler.abort('a', { turnId: ended.turn.turnId, queued: true })).toBe(false);
    expect(harness.scheduler.abort('b', { turnId: ended.turn.turnId, queued: true })).toBe(false);

    expect(current.turn.signal.aborted).toBe(false);
    expect(harness.scheduler.waiting('a').map((message) => message.id)).toEqual(['j3']);
    expect(harness.queueEvents).toHaveLength(eventsBefore);
    await flush();
    expect(harness.releases).toEqual([]);
    expect(harness.scheduler.abort('a', { turnId: current.turn.turnId })).toBe(true);
  });

  it('[ABT-3] queued release: inputs open no turn and are handed over for archiving after the running turn settled', async () => {
    const harness = createHarness();
    const opener = harness.submit(human('a', 'h1'));
    const pending = harness.submit(human('a', 'h2'));
    const queued = harness.submit(injection('a', 'j1'));
    const turn = harness.running('a');

    expect(harness.scheduler.abort('a', { queued: true })).toBe(true);
    expect(harness.lastWaiting('a')).toEqual([]);
    expect(turn.turn.takePendingInsertions()).toEqual([]);
    await flush();
    expect(harness.releases).toEqual([]);
    expect(pending.settled || queued.settled).toBe(false);

    turn.finish();
    await flush();
    expect(opener.value).toEqual({ status: 'turn', turnId: turn.turn.turnId });
    expect(harness.releases).toEqual([
      [
        { input: human('a', 'h2'), sessionId: 'a', reason: 'abort', archive: true },
        { input: injection('a', 'j1'), sessionId: 'a', reason: 'abort', archive: true },
      ],
    ]);
    const released = { status: 'released', reason: 'abort', archive: true };
    expect([pending.value, queued.value]).toEqual([released, released]);
    expect(harness.turns).toHaveLength(1);
  });

  it('[ABT-3] released inputs settle after an asynchronous release callback finished, and no turn opens before', async () => {
    const archiving = deferred();
    const harness = createHarness({ onRelease: () => archiving.promise });
    harness.submit(injection('a', 'j1'));
    const queued = harness.submit(injection('a', 'j2'));
    harness.scheduler.abort('a', { queued: true });
    harness.running('a').finish();
    harness.submit(injection('a', 'j3'));
    await flush();
    expect(queued.settled).toBe(false);
    expect(harness.turns).toHaveLength(1);
    archiving.resolve();
    await flush();
    expect(queued.value).toEqual({ status: 'released', reason: 'abort', archive: true });
    expect(harness.running('a').opening).toEqual(['j3']);
  });

  it('[ABT-3] [ABT-7] with no running turn, abort returns false and queued inputs are released at once', async () => {
    const calls: string[][] = [];
    const archiving = deferred();
    const harness = createHarness({
      onRelease: (released) => {
        calls.push(released.map((item) => item.input.id));
        return calls.length === 1 ? archiving.promise : undefined;
      },
    });
    harness.submit(injection('a', 'j1'));
    harness.submit(injection('a', 'j2'));
    harness.scheduler.abort('a', { queued: true });
    harness.running('a').finish();
    await flush();
    // j2's release is still being archived, so j3 waits in the queue with no turn running
    const queued = harness.submit(injection('a', 'j3'));
    expect(harness.scheduler.runningTurn('a')).toBeUndefined();

    expect(harness.scheduler.abort('a', { queued: true })).toBe(false);

    expect(calls).toEqual([['j2'], ['j3']]);
    await flush();
    expect(queued.value).toEqual({ status: 'released', reason: 'abort', archive: true });
    expect(harness.scheduler.abort('never-seen', { queued: true })).toBe(false);
    archiving.resolve();
  });

  it('[ABT-4] without queued, queued inputs and the stopped turn’s pending insertions open the next turn', async () => {
    const harness = createHarness();
    harness.submit(human('a', 'h1'));
    harness.submit(human('a', 'h2'));
    harness.submit(injection('a', 'j1'));
    const turn = harness.running('a');
    harness.scheduler.abort('a');
    expect(turn.turn.takePendingInsertions()).toEqual([]);
    turn.finish();
    await flush();
    harness.running('a').finish();
    await flush();
    expect(harness.openings('a')).toEqual([['h1'], ['h2'], ['j1']]);
    expect(harness.releases).toEqual([]);
  });

  it('[ABT-5] the reason reaches the turn body through stopInfo only, never an outcome', async () => {
    const harness = createHarness();
    const input = harness.submit(human('a', 'h1'));
    const queued = harness.submit(injection('a', 'j1'));
    const turn = harness.running('a');
    harness.scheduler.abort('a', { reason: 'user pressed stop', queued: true });
    expect(turn.turn.stopInfo()?.reason).toBe('user pressed stop');
    turn.finish();
    await flush();
    expect(JSON.stringify([input.value, queued.value, harness.releases])).not.toContain('user pressed stop');
  });

  it('[ABT-6] by names who stopped the turn and is absent for stops by no specific person', async () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    harness.submit(injection('b', 'k1'));
    harness.submit(injection('c', 'l1'));
    const [first, second, third] = [harness.running('a'), harness.running('b'), harness.running('c')];
    harness.scheduler.abort('a', { by: { userId: 'u1' } });
    void harness.scheduler.clearing(['b'], () => undefined);
    void harness.scheduler.deleteSession('c');
    expect(first.turn.stopInfo()).toEqual({ kind: 'abort', by: { userId: 'u1' } });
    expect(second.turn.stopInfo()).toEqual({ kind: 'clearing' });
    expect(third.turn.stopInfo()).toEqual({ kind: 'deleted' });
    expect(Object.keys(second.turn.stopInfo() ?? {})).toEqual(['kind']);
    expect(Object.keys(third.turn.stopInfo() ?? {})).toEqual(['kind']);
  });

  it('[ABT-7] the return value says whether a running turn was stopped', async () => {
    const harness = createHarness();
    expect(harness.scheduler.abort('a')).toBe(false);
    harness.submit(injection('a', 'j1'));
    expect(harness.scheduler.abort('a')).toBe(true);
    expect(harness.running('a').turn.stopInfo()?.kind).toBe('abort');
    harness.running('a').finish();
    await flush();
    expect(harness.scheduler.abort('a')).toBe(false);
  });

  it('a second stop keeps the first stop record', () => {
    const harness = createHarness();
    harness.submit(injection('a', 'j1'));
    harness.scheduler.abort('a', { by: { userId: 'first' } });
    harness.scheduler.abort('a', { by: { userId: 'second' } });
    expect(harness.running('a').turn.stopInfo()?.by).toEqual({ userId: 'first' });
  });
});
