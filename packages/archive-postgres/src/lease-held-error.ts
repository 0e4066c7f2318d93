import { SessionLeaseError } from './session-lease-error';

/** Options of {@link LeaseHeldError}. */
export interface LeaseHeldErrorOptions {
  readonly sessionId: string;
  /** The owner holding the lease (`SessionLeases.owner` of its process). */
  readonly holder: string;
  /** When the holder's lease ends unless renewed, by the server's clock. */
  readonly expiresAt: Date;
}

/**
 * `LEASE_HELD`: `acquire` found the session's lease held and not expired, by another process
 * (or by this one: `holder` is then this process's own owner id). Nothing was changed; try
 * again after `expiresAt` (server time) or route the work to `holder` ([DUR-3]).
 */
export class LeaseHeldError extends SessionLeaseError {
  /** The stable code of this error. */
  static override readonly code = 'LEASE_HELD';
  declare readonly code: 'LEASE_HELD';
  /** The owner holding the lease. */
  readonly holder: string;
  /** When the holder's lease ends unless renewed (server time). */
  readonly expiresAt: Date;

  constructor(options: LeaseHeldErrorOptions) {
    super(
      `the lease of session ${options.sessionId} is held by ${options.holder} until ${options.expiresAt.toISOString()}`,
      {
        code: LeaseHeldError.code,
        sessionId: options.sessionId,
      },
    );
    this.holder = options.holder;
    this.expiresAt = options.expiresAt;
  }
}
