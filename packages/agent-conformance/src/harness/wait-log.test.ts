import { describe, expect, test } from 'vitest';
import { createWaitLog } from './wait-log';

function deferred<TValue>() {
  let resolve: (value: TValue) => void = () => undefined;
  const promise = new Promise<TValue>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the wait log', () => {
  test('lists a labelled promise only while someone awaits it and it is pending', async () => {
    const log = createWaitLog();
    const first = deferred<number>();
    const labelled = log.label(first.promise, 'the first thing to happen');
    log.label(new Promise<void>(() => undefined), 'something nobody awaits');
    expect(log.pending()).toEqual([]);
    const awaiting = (async () => await labelled)();
    await turn();
    expect(log.pending()).toEqual(['the first thing to happen']);
    first.resolve(7);
    expect(await awaiting).toBe(7);
    expect(log.pending()).toEqual([]);
  });

  test('lists promises awaited together through Promise.all, in the order the awaits began', async () => {
    const log = createWaitLog();
    const settled = log.label(Promise.resolve(), 'already done');
    await settled;
    void Promise.all([
      log.label(new Promise<void>(() => undefined), 'a'),
      log.label(new Promise<void>(() => undefined), 'b'),
    ]);
    await turn();
    expect(log.pending()).toEqual(['a', 'b']);
  });

  test('keeps the value and the rejection of the promise it labels; derived promises are plain ones', async () => {
    const log = createWaitLog();
    const failure = new Error('no');
    await expect(log.label(Promise.reject(failure), 'failing')).rejects.toBe(failure);
    const derived = log.label(Promise.resolve(1), 'one').then((value) => value + 1);
    expect(derived.constructor).toBe(Promise);
    expect(await derived).toBe(2);
  });
});
