/**
 * Settles like `promise`, or rejects with `reason()` as soon as `signal` aborts, whichever
 * comes first; the listener is removed either way. Without a signal it is `promise`.
 */
export function raceAbort<TValue>(
  promise: Promise<TValue>,
  signal: AbortSignal | undefined,
  reason: () => unknown,
): Promise<TValue> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(reason());
  return new Promise<TValue>((resolve, reject) => {
    const onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
