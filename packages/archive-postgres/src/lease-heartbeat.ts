/** Options of {@link startHeartbeat}. */
export interface HeartbeatOptions {
  readonly everyMs: number;
  /** One renewal; a rejection is not fatal (the lease's deadline decides), the next beat follows. */
  readonly beat: () => Promise<unknown>;
  /** Stops the heartbeat when it aborts (the lease was lost or released). */
  readonly signal: AbortSignal;
}

/**
 * Calls `beat` every `everyMs` until `signal` aborts, each beat after the previous one settled
 * (renewals of one lease never overlap). Its timer does not keep the process alive. Not public API.
 */
export function startHeartbeat(options: HeartbeatOptions): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (options.signal.aborted) return;
    timer = setTimeout(beat, options.everyMs);
    timer.unref?.();
  };
  const beat = () => {
    options.beat().then(schedule, schedule);
  };
  options.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  schedule();
}
