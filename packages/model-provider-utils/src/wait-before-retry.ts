import { ChatAbortedError } from '@aalis/api-llm';

/**
 * Resolves after `delay` milliseconds; rejects with `ChatAbortedError` (cause: the signal's
 * reason) at once when `signal` aborts first, and clears its timer.
 */
export function waitBeforeRetry(delay: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ChatAbortedError({ cause: signal.reason }));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ChatAbortedError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, delay);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
