import { monitorEventLoopDelay } from 'node:perf_hooks';

/** Event-loop delay over a piece of work, in milliseconds. */
export interface EventLoopLag {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

/**
 * Runs `work` while `monitorEventLoopDelay` samples how late the event loop is (every
 * `resolutionMs`), and returns the work's result with the delays: how long a timer or an
 * incoming request of another session would have waited.
 */
export async function withEventLoopLag<TResult>(
  work: () => Promise<TResult>,
  resolutionMs = 5,
): Promise<{ readonly result: TResult; readonly lag: EventLoopLag }> {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  try {
    const result = await work();
    histogram.disable();
    const toMs = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 10) / 10;
    return {
      result,
      lag: {
        p50Ms: toMs(histogram.percentile(50)),
        p99Ms: toMs(histogram.percentile(99)),
        maxMs: toMs(histogram.max),
      },
    };
  } finally {
    histogram.disable();
  }
}
