/** The longest wait between two connect attempts, in milliseconds. */
export const MAX_RECONNECT_DELAY = 30_000;

/**
 * How long to wait after the `failures`-th failed connect attempt in a row before the next:
 * 1 s, 2 s, 4 s, … up to 30 s. A server that went away after it was connected is tried again at
 * once; only failed attempts count.
 */
export function reconnectDelay(failures: number): number {
  return Math.min(MAX_RECONNECT_DELAY, 1_000 * 2 ** Math.min(Math.max(failures - 1, 0), 15));
}
