import type { PostgresConnectionOptions } from './postgres-connection-options';

/** Options of `SessionLeases.open`: the connection, and the timing of every lease it acquires. */
export interface SessionLeasesOptions extends PostgresConnectionOptions {
  /**
   * How long a lease lasts from its acquisition or its last renewal, counted by the server's
   * clock. After it, another process may take the session over. Default `15000`.
   */
  readonly ttlMs?: number;
  /**
   * How often the heartbeat renews each held lease; less than `ttlMs`, so that a renewal or two
   * may fail (a slow or unreachable server) before the lease runs out. Default a third of `ttlMs`.
   */
  readonly renewEveryMs?: number;
  /**
   * Renew held leases automatically. Default `true`; with `false` the caller renews each lease
   * itself (`renew`) before its deadline, else it is lost (`LeaseLostError`, `kind: 'expired'`).
   */
  readonly heartbeat?: boolean;
}

/** The lease timing, checked. Not public API. */
export interface LeaseTiming {
  readonly ttlMs: number;
  readonly renewEveryMs: number;
  readonly heartbeat: boolean;
}

/** The largest time to live: what a timer and the server's integer parameter both take. */
const LONGEST_MS = 2_147_483_647;

/** Checks and completes the timing options; misuse is a `TypeError`. Not public API. */
export function leaseTiming(options: SessionLeasesOptions): LeaseTiming {
  const ttlMs = options.ttlMs ?? 15_000;
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 2 || ttlMs > LONGEST_MS) {
    throw new TypeError(`ttlMs must be a whole number from 2 to ${LONGEST_MS}, got ${String(ttlMs)}`);
  }
  const renewEveryMs = options.renewEveryMs ?? Math.max(1, Math.floor(ttlMs / 3));
  if (!Number.isSafeInteger(renewEveryMs) || renewEveryMs < 1 || renewEveryMs >= ttlMs) {
    throw new TypeError(
      `renewEveryMs must be a whole number from 1 to ttlMs - 1, got ${String(renewEveryMs)}`,
    );
  }
  return { ttlMs, renewEveryMs, heartbeat: options.heartbeat ?? true };
}
