import type {
  MetadataRewrite,
  NewRow,
  SelectBackwardOptions,
  SelectSessionOptions,
  StoredRow,
  StoreEngine,
} from '@aalis/archive-adapter/engine';
import { duplicateIdError } from '@aalis/archive-adapter/engine';
import type { Pool, PoolClient } from 'pg';
import { classifyPostgresFailure } from './classify-postgres-failure';
import { fromPostgresRow, insertParameters, type PostgresRow } from './postgres-row';
import { insertPlaceholders, PARAMETERS_PER_ROW, type PostgresStatements } from './postgres-statements';
import { withTransaction } from './with-transaction';
import { assertFencedSession, checkFence, type LeaseFence, staleLease } from './write-fence';

/** Larger than any sequence number, for "before the end". */
const END = Number.MAX_SAFE_INTEGER;

/** Rows per INSERT statement: well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_STATEMENT = 1000;

/** Options of {@link PostgresEngine}. */
export interface PostgresEngineOptions {
  readonly pool: Pool;
  readonly statements: PostgresStatements;
  /** Ends the pool when the store closes (only a pool the store made). */
  readonly ownsPool: boolean;
  /** The fence check of session leases (`SELECT … FOR SHARE` on the lease row), for fenced engines. */
  readonly fenceStatement: string;
  /** Every write checks this lease first, in its own transaction ([DUR-3]). */
  readonly fence?: LeaseFence;
}

/**
 * Storage primitives over a node-postgres pool. Each write is one statement or one
 * transaction (READ COMMITTED): a group append is whole or absent; the one read-then-write,
 * `rewriteMetadata`, locks its row (`SELECT … FOR UPDATE`) from the read to the write, so a
 * concurrent rewrite of the same row waits and then reads the committed version: no update
 * is lost ([DUR-2]), and no retry is needed. A fenced engine (`fenced`) writes only its
 * lease's session and checks the lease in the transaction of every write ([DUR-3]). Not public API.
 */
export class PostgresEngine implements StoreEngine {
  readonly #pool: Pool;
  readonly #sql: PostgresStatements;
  readonly #ownsPool: boolean;
  readonly #fenceStatement: string;
  readonly #fence: LeaseFence | undefined;

  constructor(options: PostgresEngineOptions) {
    this.#pool = options.pool;
    this.#sql = options.statements;
    this.#ownsPool = options.ownsPool;
    this.#fenceStatement = options.fenceStatement;
    this.#fence = options.fence;
  }

  /** An engine on the same pool whose writes carry `fence`; closing it leaves the pool open. */
  fenced(fence: LeaseFence): PostgresEngine {
    return new PostgresEngine({
      pool: this.#pool,
      statements: this.#sql,
      ownsPool: false,
      fenceStatement: this.#fenceStatement,
      fence: { sessionId: fence.sessionId, owner: fence.owner, token: fence.token },
    });
  }

  async insertRows(rows: readonly NewRow[]): Promise<void> {
    try {
      if (this.#fence !== undefined) await this.#fencedInsert(this.#fence, rows);
      else if (rows.length <= ROWS_PER_STATEMENT) await this.#insert(this.#pool, rows);
      else await withTransaction(this.#pool, (client) => this.#insertInChunks(client, rows));
    } catch (error) {
      if ((error as { code?: unknown }).code !== '23505') throw error;
      throw duplicateIdError((await this.#firstDuplicateId(rows)) ?? '(unknown)');
    }
  }

  async #fencedInsert(fence: LeaseFence, rows: readonly NewRow[]): Promise<void> {
    for (const row of rows) assertFencedSession(fence, row.sessionId);
    if (rows.length > ROWS_PER_STATEMENT) {
      await withTransaction(this.#pool, async (client) => {
        await checkFence(client, this.#fenceStatement, fence);
        await this.#insertInChunks(client, rows);
      });
      return;
    }
    const values: unknown[] = [];
    for (const row of rows) values.push(...insertParameters(row));
    values.push(fence.sessionId, fence.owner, String(fence.token));
    const result = await this.#pool.query(this.#sql.fencedInsert(rows.length), values);
    if (result.rowCount !== rows.length) throw staleLease(fence);
  }

  async #insertInChunks(client: PoolClient, rows: readonly NewRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await this.#insert(client, rows.slice(start, start + ROWS_PER_STATEMENT));
    }
  }

  /** One multi-row INSERT: one statement, so all or none; sequence numbers follow the row order. */
  async #insert(target: Pool | PoolClient, rows: readonly NewRow[]): Promise<void> {
    const values: unknown[] = [];
    for (const row of rows) values.push(...insertParameters(row));
    if (values.length !== rows.length * PARAMETERS_PER_ROW) throw new Error('insert: wrong parameter count');
    await target.query(this.#sql.insertPrefix + insertPlaceholders(rows.length), values);
  }

  async #firstDuplicateId(rows: readonly NewRow[]): Promise<string | undefined> {
    const ids = rows.map((row) => row.id);
    const stored = await this.#pool.query<{ id: string }>(this.#sql.existingIds, [ids]);
    const known = new Set(stored.rows.map((row) => row.id));
    const seen = new Set<string>();
    for (const id of ids) {
      if (known.has(id) || seen.has(id)) return id;
      seen.add(id);
    }
    return undefined;
  }

  async selectById(id: string): Promise<StoredRow | undefined> {
    const result = await this.#pool.query<PostgresRow>(this.#sql.selectById, [id]);
    const row = result.rows[0];
    return row === undefined ? undefined : fromPostgresRow(row);
  }

  async selectSession(sessionId: string, options: SelectSessionOptions): Promise<StoredRow[]> {
    const beforeSeq = options.beforeSeq ?? END;
    const result =
      options.limit === undefined
        ? await this.#pool.query<PostgresRow>(this.#sql.selectSession, [sessionId, beforeSeq])
        : await this.#pool.query<PostgresRow>(this.#sql.selectSessionTail, [
            sessionId,
            beforeSeq,
            options.limit,
          ]);
    return result.rows.map(fromPostgresRow);
  }

  async selectBackward(sessionId: string, options: SelectBackwardOptions): Promise<StoredRow[]> {
    const result = await this.#pool.query<PostgresRow>(this.#sql.selectBackward, [
      sessionId,
      options.beforeSeq ?? END,
      options.excludeKind,
      options.limit,
    ]);
    return result.rows.map(fromPostgresRow);
  }

  async countRows(sessionId: string, excludedKinds: readonly string[]): Promise<number> {
    const result = await this.#pool.query<{ count: number }>(this.#sql.countRows, [sessionId, excludedKinds]);
    return result.rows[0]?.count ?? 0;
  }

  async rewriteMetadata(id: string, rewrite: (row: StoredRow) => MetadataRewrite): Promise<boolean> {
    return withTransaction(this.#pool, async (client) => {
      if (this.#fence !== undefined) await checkFence(client, this.#fenceStatement, this.#fence);
      const found = await client.query<PostgresRow>(this.#sql.selectByIdForUpdate, [id]);
      const row = found.rows[0];
      if (row === undefined) return false;
      if (this.#fence !== undefined) assertFencedSession(this.#fence, row.sessionId);
      const next = rewrite(fromPostgresRow(row));
      await client.query(this.#sql.updateMetadata, [next.metadata, next.turnId, id]);
      return true;
    });
  }

  async deleteTurn(sessionId: string, turnId: string): Promise<number> {
    const result = await this.#write([sessionId], (target) =>
      target.query(this.#sql.deleteTurn, [sessionId, turnId]),
    );
    return result.rowCount ?? 0;
  }

  async deleteSessions(sessionIds: readonly string[] | undefined): Promise<number> {
    if (this.#fence !== undefined) {
      if (sessionIds === undefined) throw new TypeError('a fenced store cannot clear every session');
      const result = await this.#write(sessionIds, (target) =>
        target.query(this.#sql.deleteSessions, [sessionIds]),
      );
      return result.rowCount ?? 0;
    }
    const result =
      sessionIds === undefined
        ? await this.#pool.query(this.#sql.deleteAll)
        : await this.#pool.query(this.#sql.deleteSessions, [sessionIds]);
    return result.rowCount ?? 0;
  }

  /** One write statement: on the pool, or, fenced, in a transaction after the fence check. */
  async #write<T>(
    sessionIds: readonly string[],
    statement: (target: Pool | PoolClient) => Promise<T>,
  ): Promise<T> {
    const fence = this.#fence;
    if (fence === undefined) return statement(this.#pool);
    for (const sessionId of sessionIds) assertFencedSession(fence, sessionId);
    return withTransaction(this.#pool, async (client) => {
      await checkFence(client, this.#fenceStatement, fence);
      return statement(client);
    });
  }

  typedFailure(error: unknown, operation: string): Error | undefined {
    return classifyPostgresFailure(error, operation);
  }

  async close(): Promise<void> {
    if (this.#ownsPool) await this.#pool.end();
  }
}
