import { AbortRace } from './abort-race';
import { TurnAbortedError } from './turn-aborted-error';

/**
 * Waits for `work`, or rejects with `TurnAbortedError` as soon as `signal` aborts, whichever
 * comes first: a model, tool or hook that ignores the signal cannot hold the turn ([ABT-1]).
 * What `work` does after the abort is ignored. Inside a turn, pass the turn's `AbortRace`,
 * which shares one listener among all the turn's waits.
 */
export function untilAborted<T>(work: PromiseLike<T>, waits: AbortSignal | AbortRace): Promise<T> {
  if (waits instanceof AbortRace) return waits.race(work);
  const signal = waits;
  if (signal.aborted) {
    Promise.resolve(work).catch(() => undefined);
    return Promise.reject(new TurnAbortedError({ cause: signal.reason }));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new TurnAbortedError({ cause: signal.reason }));
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(work).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
