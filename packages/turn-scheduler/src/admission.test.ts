import { describe, expect, it } from 'vitest';
import { createTurnScheduler, type SubmitOutcome } from '../src/index';
import {
  createHarness,
  deferred,
  flush,
  human,
  injection,
  type TestMessage,
  track,
} from '../test/scheduler-harness';

const ids = (messages: readonly TestMessage[]) => messages.map((message) => message.id);

describe('admission: maxRunningTurns', () => {
  it('[LIV-4] with a limit of 1 across three sessions one turn runs; the others queue with no running turn', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    const first = harness.submit(injection('a', 'a1'));
    const second = harness.submit(injection('b', 'b1'));
    harness.submit(injection('c', 'c1'));

    expect(harness.runningSessions()).toEqual(['a']);
    expect(harness.scheduler.runningTurn('b')).toBeUndefined();
    expect(ids(harness.scheduler.waiting('b'))).toEqual(['b1']);
    expect(harness.lastWaiting('c')).toEqual(['c1']);
    expect(harness.scheduler.stats()).toMatchObject({ runningTurns: 1, waitingForSlot: 2, sessions: 3 });

    harness.running('a').finish();
    await flush();
    expect(first.value?.status).toBe('turn');
    expect(harness.runningSessions()).toEqual(['b']);
    expect(harness.lastWaiting('b')).toEqual([]);
    harness.running('b').finish();
    await flush();
    expect(second.value?.status).toBe('turn');
    expect(harness.runningSessions()).toEqual(['c']);
    harness.running('c').finish();
    await flush();
    expect(harness.scheduler.stats()).toMatchObject({ runningTurns: 0, waitingForSlot: 0, sessions: 0 });
  });

  it('[LIV-4] with a limit of 2 across four sessions a freed slot goes to the oldest waiting session', async () => {
    const harness = createHarness({ maxRunningTurns: 2 });
    for (const sessionId of ['a', 'b', 'c', 'd']) harness.submit(injection(sessionId, `${sessionId}1`));
    expect(harness.runningSessions()).toEqual(['a', 'b']);
    expect(harness.scheduler.stats()).toMatchObject({ runningTurns: 2, waitingForSlot: 2 });

    harness.running('b').finish();
    await flush();
    expect(harness.runningSessions()).toEqual(['a', 'c']);
    harness.running('a').finish();
    await flush();
    expect(harness.runningSessions()).toEqual(['c', 'd']);
    expect(harness.scheduler.stats()).toMatchObject({ runningTurns: 2, waitingForSlot: 0 });
  });

  it('[LIV-4] slots go oldest first: a session whose turn ended queues behind sessions already waiting', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('a', 'a1'));
    harness.submit(injection('a', 'a2'));
    harness.submit(injection('b', 'b1'));
    harness.submit(injection('c', 'c1'));

    harness.running('a').finish();
    await flush();
    expect(harness.runningSessions()).toEqual(['b']);
    harness.submit(injection('d', 'd1'));
    harness.running('b').finish();
    await flush();
    harness.running('c').finish();
    await flush();
    harness.running('a').finish();
    await flush();
    harness.running('d').finish();
    await flush();
    expect(harness.turns.map((turn) => turn.opening[0])).toEqual(['a1', 'b1', 'c1', 'a2', 'd1']);
  });

  it('[LIV-4] [SCH-5] per-session order holds while a session waits for slots', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    harness.submit(injection('a', 'j1'));
    harness.submit(injection('a', 'j2'));
    harness.submit(injection('a', 'j3'));
    while (harness.runningSessions().length > 0) {
      harness.running(harness.runningSessions()[0]!).finish();
      await flush();
    }
    expect(harness.openings('a')).toEqual([['j1'], ['j2'], ['j3']]);
  });

  it('[LIV-4] [SCH-6] inputs queued while waiting for a slot open from the queue as SCH-6 says', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    harness.submit(human('a', 'h1'));
    harness.submit(human('a', 'h2'));
    harness.submit(injection('a', 'j1'));
    harness.submit(human('a', 'h3'));
    expect(harness.lastWaiting('a')).toEqual(['h1', 'h2', 'j1', 'h3']);

    harness.running('x').finish();
    await flush();
    expect(harness.running('a').opening).toEqual(['h1', 'h2']);
    expect(harness.lastWaiting('a')).toEqual(['j1', 'h3']);
    expect(harness.running('a').turn.takePendingInsertions()).toEqual([]);
    harness.running('a').finish();
    await flush();
    harness.running('a').finish();
    await flush();
    expect(harness.openings('a')).toEqual([['h1', 'h2'], ['j1'], ['h3']]);
  });

  it('[LIV-4] [ABT-7] [ABT-3] abort of a session waiting for a slot returns false; with queued its inputs are released at once and it leaves the line', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    const waiting = harness.submit(human('a', 'h1'));
    harness.submit(injection('b', 'b1'));

    expect(harness.scheduler.abort('a')).toBe(false);
    expect(harness.lastWaiting('a')).toEqual(['h1']);
    expect(harness.scheduler.abort('a', { queued: true })).toBe(false);

    expect(harness.lastWaiting('a')).toEqual([]);
    expect(harness.scheduler.stats().waitingForSlot).toBe(1);
    await flush();
    expect(waiting.value).toEqual({ status: 'released', reason: 'abort', archive: true });
    harness.running('x').finish();
    await flush();
    expect(harness.runningSessions()).toEqual(['b']);
    expect(harness.openings('a')).toEqual([]);
  });

  it('[LIV-4] [CLR-1] [CLR-2] clearing a session waiting for a slot releases it from the line; inputs held meanwhile queue anew afterwards', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    const waiting = harness.submit(injection('a', 'a1'));
    harness.submit(injection('b', 'b1'));
    const cleanup = deferred();
    const clearing = track(harness.scheduler.clearing(['a'], () => cleanup.promise));
    const held = harness.submit(injection('a', 'a2'));

    expect(harness.scheduler.stats()).toMatchObject({ waitingForSlot: 1, heldInputs: 1 });
    await flush();
    expect(waiting.value).toEqual({ status: 'released', reason: 'clearing', archive: false });
    harness.running('x').finish();
    await flush();
    expect(harness.runningSessions()).toEqual(['b']);
    cleanup.resolve();
    await flush();
    expect(clearing.settled).toBe(true);
    expect(harness.lastWaiting('a')).toEqual(['a2']);
    harness.running('b').finish();
    await flush();
    harness.running('a').finish();
    await flush();
    expect(held.value?.status).toBe('turn');
  });

  it('[LIV-4] [DEL-1] deleting a session waiting for a slot releases its inputs unarchived and resolves at once', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    const waiting = harness.submit(injection('a', 'a1'));
    const deletion = track(harness.scheduler.deleteSession('a'));
    await flush();
    expect(deletion.settled).toBe(true);
    expect(waiting.value).toEqual({ status: 'released', reason: 'deleted', archive: false });
    expect(harness.scheduler.stats()).toMatchObject({ waitingForSlot: 0, sessions: 1 });
  });

  it('[LIV-4] [DRN-1] drain releases the inputs of sessions waiting for a slot, to be archived, and empties the line', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    const waiting = harness.submit(human('a', 'h1'));
    const drain = track(harness.scheduler.drain());
    expect(harness.scheduler.stats().waitingForSlot).toBe(0);
    await flush();
    expect(waiting.value).toEqual({ status: 'released', reason: 'drain', archive: true });
    harness.running('x').finish();
    await flush();
    expect(drain.settled).toBe(true);
    expect(harness.openings('a')).toEqual([]);
  });

  it('[LIV-4] a nested input opens at once beyond the limit and still counts as running', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('a', 'a1'));
    const nested = harness.submit(injection('child', 'n1'), { nested: true });
    harness.submit(injection('c', 'c1'));

    expect(harness.runningSessions()).toEqual(['a', 'child']);
    expect(harness.scheduler.stats()).toMatchObject({ runningTurns: 2, waitingForSlot: 1 });
    harness.running('a').finish();
    await flush();
    expect(harness.runningSessions()).toEqual(['child']);
    harness.running('child').finish();
    await flush();
    expect(nested.value?.status).toBe('turn');
    expect(harness.runningSessions()).toEqual(['c']);
  });

  it('[LIV-4] a turn waiting for a nested submit to another session completes under a limit of 1', async () => {
    const outcomes: SubmitOutcome[] = [];
    const scheduler = createTurnScheduler<TestMessage>({
      maxRunningTurns: 1,
      sessionOf: (message) => message.sessionId,
      isInjection: (message) => message.source !== undefined,
      runTurn: async (turn) => {
        if (turn.sessionId !== 'parent') return;
        outcomes.push(await scheduler.submit(injection('child', 'ask'), { nested: true }));
      },
    });
    const parent = scheduler.submit(human('parent', 'go'));
    const other = scheduler.submit(human('other', 'later'));
    await expect(parent).resolves.toMatchObject({ status: 'turn' });
    await expect(other).resolves.toMatchObject({ status: 'turn' });
    expect(outcomes).toEqual([expect.objectContaining({ status: 'turn' })]);
  });

  it('[LIV-4] a nested input at the head of a queue opens without a slot when its session turn ends', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    harness.submit(injection('child', 'n1'), { nested: true });
    harness.submit(injection('child', 'n2'), { nested: true });
    harness.submit(injection('c', 'c1'));
    harness.running('child').finish();
    await flush();
    expect(harness.running('child').opening).toEqual(['n2']);
    expect(harness.runningSessions()).toEqual(['x', 'child']);
    expect(harness.scheduler.stats()).toMatchObject({ runningTurns: 2, waitingForSlot: 1 });
  });

  it('[LIV-4] [SCH-5] a nested input queued behind an input waiting for a slot waits its turn', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    harness.submit(injection('x', 'x1'));
    harness.submit(injection('a', 'a1'));
    harness.submit(injection('a', 'n1'), { nested: true });
    expect(harness.runningSessions()).toEqual(['x']);
    harness.running('x').finish();
    await flush();
    expect(harness.running('a').opening).toEqual(['a1']);
    harness.running('a').finish();
    await flush();
    expect(harness.running('a').opening).toEqual(['n1']);
  });

  it('[LIV-4] [SVC-2] a failing turn body frees its slot', async () => {
    const harness = createHarness({ maxRunningTurns: 1 });
    const failing = harness.submit(injection('a', 'a1'));
    harness.submit(injection('b', 'b1'));
    harness.running('a').fail(new Error('model exploded'));
    await flush();
    expect(failing.value?.status).toBe('turn');
    expect(harness.errors.map((error) => error.code)).toEqual(['TURN_BODY_FAILED']);
    expect(harness.runningSessions()).toEqual(['b']);
    expect(harness.scheduler.stats().runningTurns).toBe(1);
  });

  it('[LIV-4] [SVC-2] a turn body that throws synchronously frees its slot', async () => {
    const bodies: string[] = [];
    const scheduler = createTurnScheduler<TestMessage>({
      maxRunningTurns: 1,
      sessionOf: (message) => message.sessionId,
      isInjection: () => true,
      runTurn: (turn) => {
        bodies.push(turn.sessionId);
        throw new Error('sync failure');
      },
      onError: () => undefined,
    });
    await Promise.all(['a', 'b', 'c'].map((sessionId) => scheduler.submit(injection(sessionId, '1'))));
    expect(bodies).toEqual(['a', 'b', 'c']);
    expect(scheduler.stats()).toMatchObject({ runningTurns: 0, waitingForSlot: 0 });
  });

  it('[LIV-4] [ABT-3] a session whose archived release is being delivered joins the line only once it finished', async () => {
    const archiving = deferred();
    const harness = createHarness({ maxRunningTurns: 1, onRelease: () => archiving.promise });
    harness.submit(injection('a', 'a1'));
    harness.submit(injection('a', 'a2'));
    harness.scheduler.abort('a', { queued: true });
    harness.running('a').finish();
    harness.submit(injection('b', 'b1'));
    await flush();
    harness.submit(injection('a', 'a3'));
    expect(harness.runningSessions()).toEqual(['b']);
    expect(harness.scheduler.stats().waitingForSlot).toBe(0);
    archiving.resolve();
    await flush();
    expect(harness.scheduler.stats().waitingForSlot).toBe(1);
    harness.running('b').finish();
    await flush();
    expect(harness.running('a').opening).toEqual(['a3']);
  });

  it('[LIV-4] [DEL-3] a turn admitted by a freed slot starts only after the ended turn handed over its archived releases', async () => {
    const archiving = deferred();
    const finishA = deferred();
    let deletion: Promise<void> | undefined;
    const scheduler = createTurnScheduler<TestMessage>({
      maxRunningTurns: 1,
      sessionOf: (message) => message.sessionId,
      isInjection: () => true,
      runTurn: (turn) => {
        if (turn.sessionId === 'a') return finishA.promise;
        deletion = scheduler.deleteSession('a');
        return undefined;
      },
      onRelease: () => archiving.promise,
    });
    void scheduler.submit(injection('a', 'a1'));
    void scheduler.submit(injection('a', 'a2'));
    scheduler.abort('a', { queued: true });
    void scheduler.submit(injection('b', 'b1'));
    finishA.resolve();
    await flush();
    expect(deletion).toBeDefined();
    const deleted = track(deletion!);
    await flush();
    expect(deleted.settled).toBe(false);
    archiving.resolve();
    await flush();
    expect(deleted.settled).toBe(true);
  });

  it('without a limit every session runs at once, as before', () => {
    const harness = createHarness();
    for (const sessionId of ['a', 'b', 'c', 'd']) harness.submit(injection(sessionId, '1'));
    expect(harness.scheduler.stats()).toMatchObject({ runningTurns: 4, waitingForSlot: 0 });
  });

  it('throws a TypeError for a limit that is not a whole number from 1, or a nested flag that is not a boolean', () => {
    const make = (maxRunningTurns: unknown) => () =>
      createTurnScheduler<TestMessage>({
        sessionOf: (message) => message.sessionId,
        isInjection: () => true,
        runTurn: () => undefined,
        maxRunningTurns: maxRunningTurns as number,
      });
    for (const bad of [0, -1, 1.5, Number.NaN, '2', null]) expect(make(bad)).toThrow(TypeError);
    expect(make(Number.POSITIVE_INFINITY)).not.toThrow();
    const scheduler = make(2)();
    expect(() => scheduler.submit(injection('a', '1'), { nested: 'yes' as unknown as boolean })).toThrow(
      TypeError,
    );
    expect(scheduler.stats().unsettled).toBe(0);
  });
});
