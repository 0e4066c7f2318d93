import { kitTimeout } from '../harness/kit-timers';

/**
 * Waits for `work`, or rejects with `onTimeout()` once `limitMs` passed. The timer is the
 * kit's own (never reported as a leak) and is cleared either way.
 */
export async function withinLimit<TValue>(
  work: Promise<TValue>,
  limitMs: number,
  onTimeout: () => Error,
): Promise<TValue> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = kitTimeout(() => reject(onTimeout()), limitMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
