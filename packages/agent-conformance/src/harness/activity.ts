import { kitTimeout } from './kit-timers';
import { createWaitLog, type WaitLog } from './wait-log';

function kitDelay(milliseconds: number): Promise<void> {
  return new Promise<void>((resolve) => {
    kitTimeout(resolve, milliseconds);
  });
}

/**
 * The harness's shared sequence: every recorded action (event, hook run, archive write,
 * model or tool call, settlement) takes the next number, so cases can compare the order of
 * actions across fakes. Waiters registered with `until` are re-checked after each action.
 */
export interface Activity {
  /** The number of the last action (0 before any). */
  readonly current: number;
  /** What the case awaits, for the message of a timeout. */
  readonly waits: WaitLog;
  /** Takes the next number and re-checks the waiters. */
  next(): number;
  /**
   * Takes the next number, lets `write` record the action under it, then re-checks the
   * waiters: a waiter that looks for the action finds it (with `next`, the record is written
   * after the check, and only a later action would wake the waiter).
   */
  record(write: (seq: number) => void): number;
  /** Resolves once `predicate` holds, checked now and after every later action. */
  until(predicate: () => boolean): Promise<void>;
  /**
   * Resolves once nothing happens: no action during several consecutive event-loop turns
   * (macrotasks) and nothing pending by the probe (see `setPendingProbe`: short timers of the
   * implementation, inputs on their way to it or back), so every chain the implementation
   * started has run as far as it can without outside help. Gives up after half a second of
   * activity.
   */
  settle(): Promise<void>;
  /**
   * Tells `settle` how to see the implementation still on its way (short timers pending,
   * inputs not yet at the agent or not yet settled after their turn; the runner tracks them);
   * while the probe says so, `settle` waits before calling it quiet. `onGiveUp` is called when
   * `settle` gives up at its limit.
   */
  setPendingProbe(probe: () => boolean, onGiveUp?: () => void): void;
}

const quietTurns = 3;
const settleLimitMs = 500;

/** Creates an {@link Activity}. */
export function createActivity(): Activity {
  let current = 0;
  let pendingProbe: () => boolean = () => false;
  let giveUp: () => void = () => undefined;
  const waiters = new Set<{ readonly predicate: () => boolean; readonly resolve: () => void }>();
  const waits = createWaitLog();
  const check = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.predicate()) continue;
      waiters.delete(waiter);
      waiter.resolve();
    }
  };
  return {
    get current() {
      return current;
    },
    waits,
    next() {
      current += 1;
      check();
      return current;
    },
    record(write) {
      current += 1;
      write(current);
      check();
      return current;
    },
    until(predicate) {
      if (predicate()) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.add({ predicate, resolve }));
    },
    async settle() {
      const deadline = performance.now() + settleLimitMs;
      let quiet = 0;
      while (quiet < quietTurns && performance.now() < deadline) {
        const before = current;
        const pending = pendingProbe();
        await (pending ? kitDelay(1) : new Promise<void>((resolve) => setImmediate(resolve)));
        check();
        quiet = current === before && !pending ? quiet + 1 : 0;
      }
      if (quiet < quietTurns) giveUp();
    },
    setPendingProbe(probe, onGiveUp) {
      pendingProbe = probe;
      giveUp = onGiveUp ?? (() => undefined);
    },
  };
}
