/**
 * A session's lease as this process holds it ([DUR-3]): from `SessionLeases.acquire` until it
 * is released or lost. Pass it to `PostgresArchiveStore.fenced(lease)` so every archive write
 * of the session's turns carries its fencing token.
 */
export interface SessionLease {
  /** The session leased. */
  readonly sessionId: string;
  /** The owner id of the process holding it (`SessionLeases.owner`). */
  readonly owner: string;
  /**
   * The fencing token: grows by one with every acquisition of the session, by any owner, and
   * never repeats. A write carrying a token other than the session's current one is refused.
   */
  readonly token: number;
  /** When the lease ends unless renewed, by the server's clock; moves on with every renewal. */
  readonly expiresAt: Date;
  /**
   * Aborts when this process stops holding the lease: with a `LeaseLostError` as `reason` when
   * it was lost (taken over, or not renewed before its local deadline), with an `AbortError`
   * when it was released. Hand it to the session's turn so that a lost lease stops the turn.
   */
  readonly signal: AbortSignal;
  /** Whether the lease is still held (its signal has not aborted). */
  readonly held: boolean;
}
