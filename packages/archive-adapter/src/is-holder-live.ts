import type { DatabaseHolder } from './database-holder';

/** What {@link isHolderLive} compares a holder with. */
export interface HolderLivenessContext {
  /** The current time (epoch milliseconds). */
  readonly now: number;
  /** `os.hostname()` of the process asking. */
  readonly hostname: string;
}

/**
 * Whether a holder still holds its file ([DUR-3]): its heartbeat is younger than its expiry
 * and, when it runs on this host, its pid exists. A holder killed on this host is therefore
 * seen dead at once; one on another host once its heartbeat has expired. Not public API.
 */
export function isHolderLive(holder: DatabaseHolder, context: HolderLivenessContext): boolean {
  if (context.now - holder.heartbeatAt >= holder.expiryMs) return false;
  return holder.hostname !== context.hostname || processExists(holder.pid);
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}
