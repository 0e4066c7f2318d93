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
}

/**
 * Storage primitives over a node-postgres pool. Each write is one statement or one
 * transaction (READ COMMITTED): a group append is whole or absent; the one read-then-write,
 * `rewriteMetadata`, locks its row (`SELECT … FOR UPDATE`) from the read to the write, so a
 * concurrent rewrite of the same row waits and then reads the committed version: no update
 * is lost ([DUR-2]), and no retry is needed. Not public API.
 */
export class PostgresEngine implements StoreEngine {
  readonly #pool: Pool;
  readonly #sql: PostgresStatements;
  readonly #ownsPool: boolean;

  constructor(options: PostgresEngineOptions) {
    this.#pool = options.pool;
    this.#sql = options.statements;
    this.#ownsPool = options.ownsPool;
  }

  async insertRows(rows: readonly NewRow[]): Promise<void> {
    try {
      if (rows.length <= ROWS_PER_STATEMENT) await this.#insert(this.#pool, rows);
      else await withTransaction(this.#pool, (client) => this.#insertInChunks(client, rows));
    } catch (error) {
      if ((error as { code?: unknown }).code !== '23505') throw error;
      throw duplicateIdError((await this.#firstDuplicateId(rows)) ?? '(unknown)');
    }
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
      const found = await client.query<PostgresRow>(this.#sql.selectByIdForUpdate, [id]);
      const row = found.rows[0];
      if (row === undefined) return false;
      const next = rewrite(fromPostgresRow(row));
      await client.query(this.#sql.updateMetadata, [next.metadata, next.turnId, id]);
      return true;
    });
  }

  async deleteTurn(sessionId: string, turnId: string): Promise<number> {
    const result = await this.#pool.query(this.#sql.deleteTurn, [sessionId, turnId]);
    return result.rowCount ?? 0;
  }

  async deleteSessions(sessionIds: readonly string[] | undefined): Promise<number> {
    const result =
      sessionIds === undefined
        ? await this.#pool.query(this.#sql.deleteAll)
        : await this.#pool.query(this.#sql.deleteSessions, [sessionIds]);
    return result.rowCount ?? 0;
  }

  typedFailure(error: unknown, operation: string): Error | undefined {
    return classifyPostgresFailure(error, operation);
  }

  async close(): Promise<void> {
    if (this.#ownsPool) await this.#pool.end();
  }
}
