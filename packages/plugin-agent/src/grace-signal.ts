/** A signal that aborts some time after another one did; dispose it to clear its timer. */
export interface GraceSignal {
  readonly signal: AbortSignal;
  /** Clears the timer and the listener; the signal stays as it is. */
  dispose(): void;
}

/**
 * A signal that aborts `graceMs` after `stop` aborted (the timer starts at once when `stop`
 * already did). It bounds how long the agent still waits for other people's code — hook
 * middlewares, event listeners, a store — once a turn or an input was stopped ([LIV-1]):
 * long enough for their ordinary work, never forever.
 */
export function createGraceSignal(stop: AbortSignal, graceMs: number): GraceSignal {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expire = () => controller.abort(stop.reason);
  const start = () => {
    timer = setTimeout(expire, graceMs);
  };
  if (stop.aborted) start();
  else stop.addEventListener('abort', start, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      stop.removeEventListener('abort', start);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
