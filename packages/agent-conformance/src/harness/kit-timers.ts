/** Timers the kit itself sets (case time limits, scripted delays): never reported as leaks. */
export const kitOwnedTimers = new WeakSet<object>();

/**
 * `setTimeout` for the kit's own use: the timer is marked kit-owned. It keeps the process
 * alive (a case time limit must fire even when the implementation left nothing else
 * running); callers clear it once it is not needed.
 */
export function kitTimeout(callback: () => void, milliseconds: number): NodeJS.Timeout {
  const timer = setTimeout(callback, milliseconds);
  kitOwnedTimers.add(timer);
  return timer;
}
