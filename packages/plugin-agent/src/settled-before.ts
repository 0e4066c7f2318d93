/**
 * Waits for `work` until it settles or `signal` aborts, whichever comes first, and says
 * which: `true` when `work` settled (fulfilled or rejected: its failure is the caller's to
 * report inside `work`), `false` when it was abandoned. Never rejects; what `work` does
 * after being abandoned is ignored, a late rejection included.
 */
export function settledBefore(work: PromiseLike<unknown>, signal: AbortSignal): Promise<boolean> {
  const settled = Promise.resolve(work).then(yes, yes);
  if (signal.aborted) return Promise.race([settled, Promise.resolve(false)]);
  return new Promise<boolean>((resolve) => {
    const abandon = () => resolve(false);
    signal.addEventListener('abort', abandon, { once: true });
    void settled.then(() => {
      signal.removeEventListener('abort', abandon);
      resolve(true);
    });
  });
}

function yes(): true {
  return true;
}
