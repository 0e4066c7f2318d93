import type {
  MetadataRewrite,
  NewRow,
  SelectBackwardOptions,
  SelectSessionOptions,
  StoredRow,
  StoreEngine,
} from '@aalis/archive-adapter/engine';
import type { PostgresEngine } from './postgres-engine';
import type { SessionLease } from './session-lease';
import { SessionNotLeasedError } from './session-not-leased-error';

/** What a leased engine asks of `SessionLeases`. */
export interface LeaseLookup {
  leaseOf(sessionId: string): SessionLease | undefined;
}

/**
 * An engine whose turn writes (inserts, metadata rewrites, turn rollbacks) go through the
 * lease this process holds of the row's session, fenced ([DUR-3]); without one they are
 * refused with `SessionNotLeasedError`. Reads, and deleting whole sessions (the cleanup of
 * clearing, which runs under the agent's hold and may run on a process that does not serve
 * the sessions), are the base engine's. Not public API.
 */
export class LeasedEngine implements StoreEngine {
  readonly #base: PostgresEngine;
  readonly #leases: LeaseLookup;

  constructor(base: PostgresEngine, leases: LeaseLookup) {
    this.#base = base;
    this.#leases = leases;
  }

  async insertRows(rows: readonly NewRow[]): Promise<void> {
    const sessionId = rows[0]?.sessionId;
    if (sessionId === undefined) return;
    await this.#fenced(sessionId).insertRows(rows);
  }

  selectById(id: string): Promise<StoredRow | undefined> {
    return this.#base.selectById(id);
  }

  selectSession(sessionId: string, options: SelectSessionOptions): Promise<StoredRow[]> {
    return this.#base.selectSession(sessionId, options);
  }

  selectBackward(sessionId: string, options: SelectBackwardOptions): Promise<StoredRow[]> {
    return this.#base.selectBackward(sessionId, options);
  }

  countRows(sessionId: string, excludedKinds: readonly string[]): Promise<number> {
    return this.#base.countRows(sessionId, excludedKinds);
  }

  /** Finds the row's session first; the fenced rewrite checks it again under the row lock. */
  async rewriteMetadata(id: string, rewrite: (row: StoredRow) => MetadataRewrite): Promise<boolean> {
    const row = await this.#base.selectById(id);
    if (row === undefined) return false;
    return this.#fenced(row.sessionId).rewriteMetadata(id, rewrite);
  }

  deleteTurn(sessionId: string, turnId: string): Promise<number> {
    return this.#fenced(sessionId).deleteTurn(sessionId, turnId);
  }

  deleteSessions(sessionIds: readonly string[] | undefined): Promise<number> {
    return this.#base.deleteSessions(sessionIds);
  }

  typedFailure(error: unknown, operation: string): Error | undefined {
    return this.#base.typedFailure(error, operation);
  }

  /** The store's connections stay open: the view shares them. */
  close(): void {}

  #fenced(sessionId: string): PostgresEngine {
    const lease = this.#leases.leaseOf(sessionId);
    if (lease === undefined) throw new SessionNotLeasedError(sessionId);
    return this.#base.fenced(lease);
  }
}
