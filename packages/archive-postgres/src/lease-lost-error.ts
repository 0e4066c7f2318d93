import { SessionLeaseError } from './session-lease-error';

/** How a lease was lost. */
export type LeaseLossKind =
  /** The server no longer has this lease: another owner acquired the session (a newer token), or it was released. */
  | 'taken-over'
  /** No renewal succeeded before the lease's local deadline: from then on another process may take over. */
  | 'expired';

/** Options of {@link LeaseLostError}. */
export interface LeaseLostErrorOptions {
  readonly sessionId: string;
  /** The fencing token of the lost lease. */
  readonly token: number;
  readonly kind: LeaseLossKind;
  readonly cause?: unknown;
}

/**
 * `LEASE_LOST`: this process no longer holds the session's lease ([DUR-3]): `renew` found it
 * taken over or released (`kind: 'taken-over'`), or it was not renewed in time
 * (`kind: 'expired'`: the local deadline passed, perhaps because the server could not be
 * reached; `cause` is then the last renewal's failure, if any). The process must stop acting
 * for the session; its fenced archive writes are refused once another owner took over.
 */
export class LeaseLostError extends SessionLeaseError {
  /** The stable code of this error. */
  static override readonly code = 'LEASE_LOST';
  declare readonly code: 'LEASE_LOST';
  /** The fencing token of the lost lease. */
  readonly token: number;
  /** How it was lost. */
  readonly kind: LeaseLossKind;

  constructor(options: LeaseLostErrorOptions) {
    super(
      `the lease of session ${options.sessionId} (token ${options.token}) was lost: ${WHY[options.kind]}`,
      {
        code: LeaseLostError.code,
        sessionId: options.sessionId,
        cause: options.cause,
      },
    );
    this.token = options.token;
    this.kind = options.kind;
  }
}

const WHY: Readonly<Record<LeaseLossKind, string>> = {
  'taken-over': 'another owner acquired it, or it was released',
  expired: 'it was not renewed before its deadline',
};
