import { describe, expect, it } from 'vitest';
import { GenerationReadError } from '../src/index';
import { createHarness, deferred, flush, human, injection, track } from '../test/scheduler-harness';

describe('session deletion and generations', () => {
  it('[DEL-1] deleteSession stops the turn, releases waiting inputs unarchived and resolves only after the turn ended', async () => {
    const harness = createHarness();
    const opener = harness.submit(human('a', 'h1'));
    const pending = harness.submit(human('a', 'h2'));
    const queued = harness.submit(injection('a', 'j1'));
    const turn = harness.running('a');

    const deletion = track(harness.scheduler.deleteSession('a'));

    expect(turn.turn.stopInfo()).toEqual({ kind: 'deleted' });
    await flush();
    const released = { status: 'released', reason: 'deleted', archive: false };
    expect([pending.value, queued.value]).toEqual([released, released]);
    expect(harness.releasedIds()).toEqual(['h2', 'j1']);
    expect(deletion.settled).toBe(false);
    turn.finish();
    await flush();
    expect(deletion.settled).toBe(true);
    expect(opener.value?.status).toBe('turn');
    expect(harness.turns).toHaveLength(1);
  });

  it('[DEL-1] deleting a session with nothing running resolves at once', async () => {
    const harness = createHarness();
    const deletion = track(harness.scheduler.deleteSession('unknown'));
    await flush();
    expect(deletion.settled).toBe(true);
  });

  it('[DEL-2] an input whose generation changed before hand-over is released unarchived and opens no turn', async () => {
    const generations = new Map<string, number>();
    const harness = createHarness({ generationOf: (sessionId) => generations.get(sessionId) ?? 0 });
    const cleanup = deferred();
    void harness.scheduler.clearing(['a'], () => cleanup.promise);
    const oldGeneration = harness.submit(human('a', 'h1'), { generation: 0 });
    const readByScheduler = harness.submit(human('a', 'h2'));
    generations.set('a', 1);
    const newGeneration = harness.submit(human('a', 'h3'), { generation: 1 });
    cleanup.resolve();
    await flush();
    const released = { status: 'released', reason: 'generation', archive: false };
    expect([oldGeneration.value, readByScheduler.value]).toEqual([released, released]);
    expect(harness.releases.flat().map((item) => [item.input.id, item.reason, item.archive])).toEqual([
      ['h1', 'generation', false],
      ['h2', 'generation', false],
    ]);
    expect(harness.running('a').opening).toEqual(['h3']);
    expect(newGeneration.settled).toBe(false);
  });

  it('[DEL-2] a generation read at entry that is already stale releases the input without any hold', async () => {
    const harness = createHarness({ generationOf: () => 2 });
    const stale = harness.submit(injection('a', 'j1'), { generation: 1 });
    const current = harness.submit(injection('a', 'j2'), { generation: 2 });
    await flush();
    expect(stale.value).toEqual({ status: 'released', reason: 'generation', archive: false });
    expect(harness.running('a').opening).toEqual(['j2']);
    expect(current.settled).toBe(false);
  });

  it('[DEL-2] asynchronous generation reads are awaited and a deletion during the read forces a fresh read', async () => {
    let generation = 0;
    const reads: Array<ReturnType<typeof deferred<number>>> = [];
    const harness = createHarness({
      generationOf: () => {
        const read = deferred<number>();
        reads.push(read);
        return read.promise;
      },
    });
    const input = harness.submit(injection('a', 'j1'), { generation: 0 });
    expect(reads).toHaveLength(1);
    generation = 1;
    void harness.scheduler.deleteSession('a');
    reads[0]!.resolve(0);
    await flush();
    expect(reads).toHaveLength(2);
    reads[1]!.resolve(generation);
    await flush();
    expect(input.value).toEqual({ status: 'released', reason: 'generation', archive: false });
    expect(harness.turns).toHaveLength(0);
  });

  it('[DEL-2] a generation that cannot be read counts as changed and is reported', async () => {
    const harness = createHarness({
      generationOf: () => {
        throw new Error('session store down');
      },
    });
    const input = harness.submit(injection('a', 'j1'), { generation: 0 });
    await flush();
    expect(input.value).toEqual({ status: 'released', reason: 'generation', archive: false });
    expect(harness.errors).toHaveLength(1);
    expect(GenerationReadError.isInstance(harness.errors[0])).toBe(true);
  });

  it('[DEL-3] deleteSession resolves only after the turn body and every release of the session finished', async () => {
    const archiving = deferred();
    const harness = createHarness({ onRelease: () => archiving.promise });
    harness.submit(injection('a', 'j1'));
    harness.submit(injection('a', 'j2'));
    harness.scheduler.abort('a', { queued: true });
    const deletion = track(harness.scheduler.deleteSession('a'));
    harness.running('a').finish();
    await flush();
    expect(deletion.settled).toBe(false);
    archiving.resolve();
    await flush();
    expect(deletion.settled).toBe(true);
    expect(harness.scheduler.stats().sessions).toBe(0);
  });

  it('rejects a generation without generationOf as misuse', () => {
    const harness = createHarness();
    expect(() => harness.scheduler.submit(human('a', 'h1'), { generation: 1 })).toThrow(TypeError);
    expect(harness.scheduler.stats().unsettled).toBe(0);
  });
});
