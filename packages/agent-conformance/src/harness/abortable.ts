import { ChatAbortedError } from '@aalis/api-llm';

/**
 * Waits for `work` unless `signal` aborts first, then rejects with `ChatAbortedError` (or
 * what `toError` makes). The abort listener is removed once either happens. What `work` does
 * after the abort is ignored: its rejection is never left unhandled.
 */
export function abortable<TValue>(
  work: Promise<TValue>,
  signal: AbortSignal | undefined,
  toError: (reason: unknown) => unknown = (reason) => new ChatAbortedError({ cause: reason }),
): Promise<TValue> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(toError(signal.reason));
  }
  return new Promise<TValue>((resolve, reject) => {
    const onAbort = () => reject(toError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
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

/** A promise that never settles by itself: only `abortable` around it ends it. */
export function never(): Promise<never> {
  return new Promise<never>(() => undefined);
}
