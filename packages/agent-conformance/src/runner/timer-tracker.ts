import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { kitOwnedTimers } from '../harness/kit-timers';

/** A timer an implementation left running after a case. */
export interface LiveTimer {
  /** The timer's delay in milliseconds, when Node exposes it. */
  readonly delayMs: number | undefined;
  /** Whether it repeats (`setInterval`). */
  readonly repeating: boolean;
}

/**
 * Tracks the timers (`setTimeout`/`setInterval`) created inside `run`, through
 * `node:async_hooks`: a timer counts when it is created in the asynchronous context of the
 * tracked work (an `AsyncLocalStorage` run), so timers of the test runner itself are never
 * counted; it stops counting when Node destroys it (fired or cleared). The kit's own timers
 * are excluded.
 */
export interface TimerTracker {
  /** Runs `work` with timer tracking. */
  run<TValue>(work: () => Promise<TValue>): Promise<TValue>;
  /** The tracked timers that are still alive. */
  live(): LiveTimer[];
  /** Stops tracking. */
  dispose(): void;
}

const storage = new AsyncLocalStorage<object>();
const trackers = new Map<object, Map<number, object>>();
const owners = new Map<number, object>();
let hook: ReturnType<typeof createHook> | undefined;

function ensureHook(): void {
  if (hook !== undefined) return;
  hook = createHook({
    init(asyncId, type, _triggerAsyncId, resource) {
      if (type !== 'Timeout' || kitOwnedTimers.has(resource)) return;
      const token = storage.getStore();
      const timers = token === undefined ? undefined : trackers.get(token);
      if (timers === undefined || token === undefined) return;
      timers.set(asyncId, resource);
      owners.set(asyncId, token);
    },
    destroy(asyncId) {
      const token = owners.get(asyncId);
      if (token === undefined) return;
      owners.delete(asyncId);
      trackers.get(token)?.delete(asyncId);
    },
  });
  hook.enable();
}

interface TimeoutInternals {
  readonly _destroyed?: boolean;
  readonly _idleTimeout?: number;
  readonly _repeat?: number | null;
}

/** Creates a {@link TimerTracker}. */
export function createTimerTracker(): TimerTracker {
  ensureHook();
  const token = {};
  const timers = new Map<number, object>();
  trackers.set(token, timers);
  return {
    run: (work) => storage.run(token, work),
    live: () =>
      [...timers.values()]
        .map((timer) => timer as TimeoutInternals)
        .filter((timer) => timer._destroyed !== true)
        .map((timer) => ({
          delayMs: typeof timer._idleTimeout === 'number' ? timer._idleTimeout : undefined,
          repeating: typeof timer._repeat === 'number',
        })),
    dispose: () => {
      for (const asyncId of timers.keys()) owners.delete(asyncId);
      trackers.delete(token);
      if (trackers.size === 0 && hook !== undefined) {
        hook.disable();
        hook = undefined;
      }
    },
  };
}
