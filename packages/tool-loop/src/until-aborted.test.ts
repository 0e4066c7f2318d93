import { describe, expect, it } from 'vitest';
import { deferred } from '../test/support/deferred';
import { TurnAbortedError } from './turn-aborted-error';
import { untilAborted } from './until-aborted';

describe('untilAborted', () => {
  it('settles with the work when it settles first', async () => {
    await expect(untilAborted(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
    await expect(untilAborted(Promise.reject(new Error('no')), new AbortController().signal)).rejects.toThrow(
      'no',
    );
  });

  it('rejects with TurnAbortedError as soon as the signal aborts, even if the work never settles', async () => {
    const controller = new AbortController();
    const waiting = untilAborted(deferred().promise, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toSatisfy((error) => TurnAbortedError.isInstance(error));
  });

  it('rejects at once for an aborted signal and ignores a later failure of the work', async () => {
    const controller = new AbortController();
    controller.abort();
    const work = deferred();
    const waiting = untilAborted(work.promise, controller.signal);
    work.reject(new Error('late'));
    await expect(waiting).rejects.toSatisfy((error) => TurnAbortedError.isInstance(error));
  });
});
