import type { PoolClient } from 'pg';
import type { SessionLease } from './session-lease';
import { StaleLeaseError } from './stale-lease-error';

/** What a fenced write carries: the lease's session, owner and token. */
export type LeaseFence = Pick<SessionLease, 'sessionId' | 'owner' | 'token'>;

/**
 * Checks, inside the write's transaction, that `fence` is still the session's current lease,
 * and share-locks the lease row until that transaction ends: an acquisition by another owner
 * (an UPDATE of the row) waits for the write to commit, and a write after the acquisition finds
 * a newer token and is refused with `StaleLeaseError` ([DUR-3]). Not public API.
 */
export async function checkFence(
  client: PoolClient,
  fenceStatement: string,
  fence: LeaseFence,
): Promise<void> {
  const found = await client.query(fenceStatement, [fence.sessionId, fence.owner, String(fence.token)]);
  if (found.rowCount === 0) throw staleLease(fence);
}

/** The error of a write refused by its fence. Not public API. */
export function staleLease(fence: LeaseFence): StaleLeaseError {
  return new StaleLeaseError({ sessionId: fence.sessionId, token: fence.token });
}

/** A fenced store writes only its lease's session; anything else is misuse. Not public API. */
export function assertFencedSession(fence: LeaseFence, sessionId: string): void {
  if (sessionId !== fence.sessionId) {
    throw new TypeError(
      `a store fenced by the lease of session ${fence.sessionId} cannot write session ${sessionId}`,
    );
  }
}
