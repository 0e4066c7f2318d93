import { ChatAbortedError } from '@aalis/api-llm';

/**
 * Waits for `work`, or rejects with `ChatAbortedError` (cause: the signal's reason) as soon as
 * `signal` aborts, whether or not `work` heeds the signal ([ABT-1]). A value `work` yields after
 * the abort goes to `onLateValue` (to release it); a late rejection is swallowed.
 */
export function raceAbort<T>(
  work: PromiseLike<T>,
  signal: AbortSignal | undefined,
  onLateValue?: (value: T) => void,
): Promise<T> {
  if (signal === undefined) return Promise.resolve(work);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ChatAbortedError({ cause: signal.reason }));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(work).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) onLateValue?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
