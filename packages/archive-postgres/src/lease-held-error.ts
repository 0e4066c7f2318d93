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
  declare readonly code: 'LEASE_HELD';
  /** The owner holding the lease. */
  readonly holder: string;
  /** When the holder's lease ends unless renewed (server time). */
  readonly expiresAt: Date;

  constructor(options: LeaseHeldErrorOptions) {
    super(
      'LEASE_HELD',
      options.sessionId,
      `the lease of session ${options.sessionId} is held by ${options.holder} until ${options.expiresAt.toISOString()}`,
    );
    this.name = 'LeaseHeldError';
    this.holder = options.holder;
    this.expiresAt = options.expiresAt;
  }

  /** Whether `value` is a `LeaseHeldError`, from any installed copy. */
  static override isInstance(value: unknown): value is LeaseHeldError {
    return SessionLeaseError.isInstance(value) && value.code === 'LEASE_HELD';
  }
}
