import {
  deleteSessionFlow,
  type SessionInfo,
  type SessionLastTurn,
  SessionManagerError,
  type SessionManagerService,
  type SessionSettings,
  SessionSettingsNotFoundError,
  SessionSettingsRefusedError,
  sessionSettingsProblem,
} from '@aalis/api-session-manager';
import type { Pool, PoolClient } from 'pg';
import { classifyPostgresFailure } from './classify-postgres-failure';
import { createOwnerId } from './create-owner-id';
import { openOnPool } from './open-on-pool';
import type { PostgresSessionManagerOptions, PostgresSessionSpec } from './postgres-session-manager-options';
import { quoteSchema } from './quote-schema';
import { type SessionChange, SessionChangeListener } from './session-change-listener';
import { type SessionRow, type SessionState, sessionStateOf } from './session-row';
import { type SessionStatements, sessionStatements } from './session-statements';
import { withClassifiedFailure } from './with-classified-failure';
import { withTransaction } from './with-transaction';

interface ManagerParts {
  readonly schema: string;
  readonly pool: Pool;
  readonly ownsPool: boolean;
  readonly sql: SessionStatements;
  readonly options: PostgresSessionManagerOptions;
  /** This manager's row in `session_listeners`. */
  readonly listenerId: string;
  readonly listenerTtlMs: number;
}

const DEFAULT_LISTENER_TTL_MS = 5000;

/**
 * A `SessionManagerService` on PostgreSQL, shared by every process that opens the same
 * schema: sessions with kinds and parents, per-session settings validated on write
 * ([SET-1], [SET-2]), generations that advance when a session is deleted ([DEL-2]), and
 * deletion through `deleteSessionFlow` ([CLR-1], [CLR-5], [DEL-1]).
 *
 * The contract reads generations, sessions and settings synchronously, so each process keeps
 * them in memory and keeps them current from the database: every write commits together with
 * a notification (`pg_notify`), and one pooled connection stays on `LISTEN` and applies what
 * any process committed, in commit order. Generations are acknowledged: `deleteSessions`
 * goes on to stop and clear the sessions only once every other live manager on the schema
 * has applied the new generations, so from then on every process's `generationOf` returns
 * them and no process opens a turn for an input of the deleted generation. A manager counts
 * as live while its listening connection refreshes its row (every `listenerTtlMs / 5`); one
 * silent for `listenerTtlMs` (its process died, or it lost the database, and reloads
 * everything once it reconnects) is not waited for. Other changes (sessions, settings, last
 * turns) arrive the same way without acknowledgement; `synchronize()` waits for all of them.
 * After a lost connection the manager reconnects and reloads everything.
 */
export class PostgresSessionManager implements SessionManagerService {
  /** The schema that holds the tables. */
  readonly schema: string;
  readonly #parts: ManagerParts;
  readonly #listener: SessionChangeListener;
  readonly #sessions = new Map<string, SessionState>();
  readonly #generations = new Map<string, number>();

  private constructor(parts: ManagerParts) {
    this.schema = parts.schema;
    this.#parts = parts;
    this.#listener = new SessionChangeListener({
      pool: parts.pool,
      channel: parts.schema,
      listenSql: `LISTEN ${quoteSchema(parts.schema)}`,
      apply: (change, client) => this.#apply(change, client),
      reload: (client) => this.#reload(client),
      acknowledge: async (client, change) => {
        await client.query(parts.sql.acknowledge, [parts.listenerId, change]);
      },
      forget: async (client) => {
        await client.query(parts.sql.forgetListener, [parts.listenerId]);
      },
      heartbeatMs: parts.listenerTtlMs / 5,
      synchronizeTimeoutMs: parts.options.queryTimeoutMs || 60_000,
    });
  }

  /**
   * Connects, migrates unless `migrate: false` (see `migratePostgres`), starts listening and
   * loads every session and generation. Rejects with `DatabaseConnectionError`,
   * `DatabaseTimeoutError` or `UnsupportedSchemaVersionError`; a pool it made is ended then.
   */
  static async open(options: PostgresSessionManagerOptions): Promise<PostgresSessionManager> {
    const schema = options.schema ?? 'aalis';
    const sql = sessionStatements(quoteSchema(schema));
    if (options.pool === undefined && options.poolSize !== undefined && options.poolSize < 2) {
      throw new TypeError('poolSize of a session manager must be at least 2: one connection listens');
    }
    const listenerTtlMs = options.listenerTtlMs ?? DEFAULT_LISTENER_TTL_MS;
    if (!Number.isFinite(listenerTtlMs) || listenerTtlMs < 50) {
      throw new TypeError('listenerTtlMs must be a number of milliseconds, at least 50');
    }
    return openOnPool(options, async ({ pool, owned }) => {
      const listenerId = createOwnerId();
      const parts = { schema, pool, ownsPool: owned, sql, options, listenerId, listenerTtlMs };
      const manager = new PostgresSessionManager(parts);
      await manager.#listener.start().catch((error: unknown) => {
        throw classifyPostgresFailure(error, 'open') ?? error;
      });
      return manager;
    });
  }

  /** The session's generation as this process last heard it; `0` for a session never deleted ([DEL-2]). */
  generationOf(sessionId: string): number {
    return this.#generations.get(sessionId) ?? 0;
  }

  getSession(sessionId: string): SessionInfo | undefined {
    return this.#sessions.get(sessionId)?.info;
  }

  getSettings(sessionId: string): SessionSettings | undefined {
    const settings = this.#sessions.get(sessionId)?.settings;
    return settings === undefined ? undefined : { ...settings };
  }

  /** Every session, oldest first. */
  listSessions(): SessionInfo[] {
    return [...this.#sessions.values()]
      .map((state) => state.info)
      .sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));
  }

  /** Creates a session, or resolves with the existing one with that id unchanged. */
  async ensureSession(spec: PostgresSessionSpec): Promise<SessionInfo> {
    if (typeof spec?.id !== 'string' || spec.id === '') throw new TypeError('A session needs a non-empty id');
    const row = await this.#storage('ensureSession', () =>
      withTransaction(this.#parts.pool, async (client) => {
        const inserted = await client.query<SessionRow>(this.#parts.sql.insert, this.#insertValues(spec));
        if (inserted.rows[0] !== undefined) await this.#notify(client, { id: spec.id });
        return (
          inserted.rows[0] ?? (await client.query<SessionRow>(this.#parts.sql.selectOne, [spec.id])).rows[0]
        );
      }),
    );
    if (row === undefined) throw new Error(`session ${spec.id} vanished while it was created`);
    const state = sessionStateOf(row);
    this.#sessions.set(spec.id, state);
    return state.info;
  }

  /**
   * Merges `patch` into the session's settings, the row locked from the read to the write, so
   * concurrent patches from several processes all land ([SET-1], [DUR-2]). Rejects with
   * `SessionSettingsNotFoundError`, or `SessionSettingsRefusedError` (read-only session,
   * invalid value, or a storage failure as `cause`).
   */
  async updateSettings(sessionId: string, patch: Partial<SessionSettings>): Promise<void> {
    try {
      const next = await withTransaction(this.#parts.pool, (client) => this.#patch(client, sessionId, patch));
      this.#sessions.set(sessionId, next);
    } catch (error) {
      if (SessionManagerError.isInstance(error)) throw error;
      const cause = classifyPostgresFailure(error, 'updateSettings') ?? error;
      throw new SessionSettingsRefusedError(sessionId, { reason: (cause as Error).message, cause });
    }
  }

  /** Records how the session's last turn ended (what a session manager keeps from `agent:turn:after`). */
  async recordLastTurn(sessionId: string, lastTurn: SessionLastTurn): Promise<void> {
    await this.#storage('recordLastTurn', () =>
      withTransaction(this.#parts.pool, async (client) => {
        await client.query(this.#parts.sql.updateLastTurn, [sessionId, JSON.stringify(lastTurn)]);
        await this.#notify(client, { id: sessionId });
      }),
    );
    const state = this.#sessions.get(sessionId);
    if (state !== undefined) this.#sessions.set(sessionId, { ...state, info: { ...state.info, lastTurn } });
  }

  /**
   * Deletes sessions, their children at every level and their history through
   * `deleteSessionFlow`. The generations advance in the database first (one transaction) and
   * every other live manager acknowledges them before the flow goes on, so every process
   * releases inputs of the deleted generation ([DEL-2]); the same holds for the children.
   */
  async deleteSessions(sessionIds: readonly string[]): Promise<void> {
    if (!Array.isArray(sessionIds) || sessionIds.some((id) => typeof id !== 'string' || id === '')) {
      throw new TypeError('sessionIds must be an array of non-empty strings');
    }
    const deleting = new Map<string, number>();
    await this.#storage('deleteSessions', () => this.#advance(sessionIds, deleting));
    await deleteSessionFlow({
      sessionIds,
      agent: this.#parts.options.agent?.(),
      advanceGeneration: (sessionId) => deleting.get(sessionId) ?? this.generationOf(sessionId),
      deleteChildren: (parents) =>
        this.#storage('deleteSessions', () => this.#deleteChildren(parents, deleting)),
      emitDeleted: this.#parts.options.emitDeleted ?? (() => undefined),
      runMemoryClear: this.#parts.options.runMemoryClear ?? (async () => undefined),
      reason: 'session deleted',
    });
    await this.#storage('deleteSessions', () =>
      withTransaction(this.#parts.pool, async (client) => {
        await client.query(this.#parts.sql.deleteSessions, [sessionIds]);
        for (const id of sessionIds) await this.#notify(client, { id });
      }),
    );
    for (const id of sessionIds) this.#sessions.delete(id);
  }

  /**
   * Resolves once every change any process committed before this call is applied here.
   * Rejects with `DatabaseConnectionError` while the listening connection is down, and with
   * `DatabaseTimeoutError` when the answer takes longer than `queryTimeoutMs` (60 s).
   */
  async synchronize(): Promise<void> {
    await this.#storage('synchronize', () => this.#listener.synchronize());
  }

  /** Stops listening and ends a pool the manager made. */
  async close(): Promise<void> {
    await this.#listener.close();
    if (this.#parts.ownsPool) await this.#parts.pool.end();
  }

  #insertValues(spec: PostgresSessionSpec): unknown[] {
    const settings = spec.settings === null ? null : JSON.stringify(spec.settings ?? {});
    const now = this.#parts.options.now ?? Date.now;
    return [
      spec.id,
      spec.kind ?? 'console',
      spec.platform ?? null,
      spec.parentId ?? null,
      spec.title ?? null,
      now(),
      settings,
      spec.readOnly ?? false,
    ];
  }

  async #patch(
    client: PoolClient,
    sessionId: string,
    patch: Partial<SessionSettings>,
  ): Promise<SessionState> {
    const row = (await client.query<SessionRow>(this.#parts.sql.selectForUpdate, [sessionId])).rows[0];
    const state = row === undefined ? undefined : sessionStateOf(row);
    if (state?.settings === undefined) throw new SessionSettingsNotFoundError(sessionId);
    if (state.readOnly)
      throw new SessionSettingsRefusedError(sessionId, { reason: 'the session is read-only' });
    const problem = sessionSettingsProblem(patch);
    if (problem !== undefined) throw new SessionSettingsRefusedError(sessionId, { reason: problem });
    const settings = { ...state.settings, ...patch };
    await client.query(this.#parts.sql.updateSettings, [sessionId, JSON.stringify(settings)]);
    await this.#notify(client, { id: sessionId });
    return { ...state, settings };
  }

  /** Advances generations in one transaction, remembering the generation each one deletes. */
  async #advance(sessionIds: readonly string[], deleting: Map<string, number>): Promise<void> {
    if (sessionIds.length === 0) return;
    const { rows, change } = await withTransaction(this.#parts.pool, (client) =>
      this.#advanceIn(client, sessionIds),
    );
    for (const { sessionId, generation } of rows) {
      deleting.set(sessionId, generation - 1);
      this.#raiseGeneration(sessionId, generation);
    }
    await this.#acknowledged(change);
  }

  /** Advances generations under the next change number, announced after its sessions. */
  async #advanceIn(client: PoolClient, sessionIds: readonly string[]) {
    const counted = await client.query<{ change: number }>(this.#parts.sql.nextChange);
    const change = counted.rows[0]?.change ?? 0;
    const result = await client.query<{ sessionId: string; generation: number }>(
      this.#parts.sql.advanceGenerations,
      [[...new Set(sessionIds)]],
    );
    for (const { sessionId, generation } of result.rows)
      await this.#notify(client, { id: sessionId, generation });
    await client.query(this.#parts.sql.notify, [this.schema, JSON.stringify({ change })]);
    return { rows: result.rows, change };
  }

  /**
   * Waits until every other live manager has applied `change`. A manager whose row goes
   * unrefreshed for `listenerTtlMs` drops out of the count, so the wait ends within about
   * that long even when one died holding no connection; twice that bounds it regardless.
   */
  async #acknowledged(change: number): Promise<void> {
    const { pool, sql, listenerId, listenerTtlMs } = this.#parts;
    const deadline = performance.now() + 2 * listenerTtlMs;
    for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
      const result = await this.#storage('deleteSessions', () =>
        pool.query<{ waiting: number }>(sql.unacknowledged, [change, listenerId, listenerTtlMs]),
      );
      if ((result.rows[0]?.waiting ?? 0) === 0 || performance.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  async #deleteChildren(parents: readonly string[], deleting: Map<string, number>): Promise<string[]> {
    const { rows, change } = await withTransaction(this.#parts.pool, async (client) => {
      const deleted = await client.query<{ id: string }>(this.#parts.sql.deleteDescendants, [parents]);
      const children = deleted.rows.map((row) => row.id);
      return children.length === 0 ? { rows: [], change: 0 } : this.#advanceIn(client, children);
    });
    if (rows.length > 0) await this.#acknowledged(change);
    for (const { sessionId, generation } of rows) {
      deleting.set(sessionId, generation - 1);
      this.#raiseGeneration(sessionId, generation);
      this.#sessions.delete(sessionId);
    }
    return rows.map((row) => row.sessionId);
  }

  async #notify(client: PoolClient, change: SessionChange): Promise<void> {
    await client.query(this.#parts.sql.notify, [this.schema, JSON.stringify(change)]);
  }

  /** A change some process committed: its generation, then the session row as it is now. */
  async #apply(change: SessionChange, client: PoolClient): Promise<void> {
    if (change.generation !== undefined) this.#raiseGeneration(change.id, change.generation);
    const row = (await client.query<SessionRow>(this.#parts.sql.selectOne, [change.id])).rows[0];
    this.#store(change.id, row);
  }

  /**
   * Loads every generation and session from one snapshot; resolves with the number of the
   * last generation change that snapshot holds.
   */
  async #reload(client: PoolClient): Promise<number> {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const change = (await client.query<{ change: number }>(this.#parts.sql.currentChange)).rows[0]?.change;
      const generations = await client.query<{ sessionId: string; generation: number }>(
        this.#parts.sql.selectGenerations,
      );
      const sessions = await client.query<SessionRow>(this.#parts.sql.selectAll);
      await client.query('COMMIT');
      await client.query(this.#parts.sql.forgetSilentListeners, [this.#parts.listenerTtlMs]);
      for (const { sessionId, generation } of generations.rows) this.#raiseGeneration(sessionId, generation);
      this.#sessions.clear();
      for (const row of sessions.rows) this.#store(row.id, row);
      return change ?? 0;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Keeps a row as the session's state; a row that does not validate is left out. */
  #store(sessionId: string, row: SessionRow | undefined): void {
    let state: SessionState | undefined;
    try {
      state = row === undefined ? undefined : sessionStateOf(row);
    } catch {
      state = undefined;
    }
    if (state === undefined) this.#sessions.delete(sessionId);
    else this.#sessions.set(sessionId, state);
  }

  /** Generations only grow: a late notification never moves one back. */
  #raiseGeneration(sessionId: string, generation: number): void {
    if (generation > (this.#generations.get(sessionId) ?? 0)) this.#generations.set(sessionId, generation);
  }

  #storage<T>(operation: string, work: () => Promise<T>): Promise<T> {
    return withClassifiedFailure(operation, work);
  }
}
