import type { Database, Statement } from 'better-sqlite3';
import { ReadOnlyDatabaseError } from './read-only-database-error';
import type { SqliteDatabaseHold } from './sqlite-database-hold';
import type {
  MetadataRewrite,
  SelectBackwardOptions,
  SelectSessionOptions,
  StoreEngine,
} from './store-engine';
import type { StoreOperation } from './store-operation';
import { duplicateIdError, type NewRow, type StoredRow } from './stored-row';

const COLUMNS = `seq, id, session_id AS sessionId, role, content, tool_calls AS toolCalls,
  tool_call_id AS toolCallId, kind, metadata, turn_id AS turnId, created_at AS createdAt`;

const INSERT_COLUMNS = `(id, session_id, role, content, tool_calls, tool_call_id, kind, metadata, turn_id, created_at)`;
const INSERT_VALUES =
  '@id, @sessionId, @role, @content, @toolCalls, @toolCallId, @kind, @metadata, @turnId, @createdAt';

/** Larger than any sequence number, for "before the end". */
const END = Number.MAX_SAFE_INTEGER;

/** Options of {@link SqliteEngine}. */
export interface SqliteEngineOptions {
  readonly database: Database;
  /** The database file, for error messages. */
  readonly path: string;
  /** The store's hold on the file when it was opened exclusively: every write checks it. */
  readonly hold?: SqliteDatabaseHold;
  /** Whether the store was opened with `readonly: true`. */
  readonly readonly?: boolean;
}

/** Thrown inside a write whose store no longer holds the file; mapped by `typedFailure`. */
class HoldLostSignal extends Error {}

/**
 * Storage primitives over one better-sqlite3 connection with prepared statements. Every
 * write is one statement or one IMMEDIATE transaction: a transaction that reads before it
 * writes takes the write lock first, so another process's commit in between makes it wait
 * (busy timeout) instead of failing at once with SQLITE_BUSY_SNAPSHOT ([DUR-2]). With a
 * hold, each write first checks that the file is still this store's ([DUR-3]). Not public
 * API.
 */
export class SqliteEngine implements StoreEngine {
  readonly #options: SqliteEngineOptions;
  readonly #database: Database;
  readonly #statements: ReturnType<typeof prepareStatements>;
  readonly #insertIfHeld: Statement | undefined;
  readonly #insertRows: (rows: readonly NewRow[]) => void;
  readonly #rewriteMetadata: (id: string, rewrite: (row: StoredRow) => MetadataRewrite) => boolean;
  readonly #deleteTurn: (sessionId: string, turnId: string) => number;
  readonly #deleteSessions: (sessionIds: readonly string[] | undefined) => number;
  readonly #countStatements = new Map<string, Statement>();

  constructor(options: SqliteEngineOptions) {
    this.#options = options;
    this.#database = options.database;
    const statements = prepareStatements(options.database);
    this.#statements = statements;
    // Prepared only with a hold: a read-only store may read a file older than the holder table.
    this.#insertIfHeld = options.hold === undefined ? undefined : prepareInsertIfHeld(options.database);
    this.#insertRows = this.#immediate((rows: readonly NewRow[]) => {
      for (const row of rows) statements.insert.run(row);
    });
    this.#rewriteMetadata = this.#immediate((id: string, rewrite: (row: StoredRow) => MetadataRewrite) => {
      const row = statements.selectById.get(id) as StoredRow | undefined;
      if (row === undefined) return false;
      const next = rewrite(row);
      statements.updateMetadata.run(next.metadata, next.turnId, id);
      return true;
    });
    this.#deleteTurn = this.#immediate(
      (sessionId: string, turnId: string) => statements.deleteTurn.run(sessionId, turnId).changes,
    );
    this.#deleteSessions = this.#immediate((sessionIds: readonly string[] | undefined) => {
      if (sessionIds === undefined) return statements.deleteAll.run().changes;
      let deleted = 0;
      for (const sessionId of sessionIds) deleted += statements.deleteSession.run(sessionId).changes;
      return deleted;
    });
  }

  insertRows(rows: readonly NewRow[]): void {
    try {
      if (rows.length === 1) this.#insertOne(rows[0] as NewRow);
      else this.#insertRows(rows);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      throw duplicateIdError(this.#firstDuplicateId(rows) ?? '(unknown)');
    }
  }

  /** One row needs no explicit transaction: the statement is its own, and checks the hold itself. */
  #insertOne(row: NewRow): void {
    const hold = this.#options.hold;
    if (hold === undefined || this.#insertIfHeld === undefined) {
      this.#statements.insert.run(row);
      return;
    }
    const { changes } = this.#insertIfHeld.run(row, hold.holder.ownerId);
    if (changes === 0) throw new HoldLostSignal();
  }

  #firstDuplicateId(rows: readonly NewRow[]): string | undefined {
    const ids = new Set<string>();
    for (const { id } of rows) {
      if (ids.has(id) || this.#statements.hasId.get(id) !== undefined) return id;
      ids.add(id);
    }
    return undefined;
  }

  selectById(id: string): StoredRow | undefined {
    return this.#statements.selectById.get(id) as StoredRow | undefined;
  }

  selectSession(sessionId: string, options: SelectSessionOptions): StoredRow[] {
    const beforeSeq = options.beforeSeq ?? END;
    if (options.limit === undefined) {
      return this.#statements.selectSession.all(sessionId, beforeSeq) as StoredRow[];
    }
    return this.#statements.selectSessionTail.all(sessionId, beforeSeq, options.limit) as StoredRow[];
  }

  selectBackward(sessionId: string, options: SelectBackwardOptions): StoredRow[] {
    return this.#statements.selectBackward.all(
      sessionId,
      options.beforeSeq ?? END,
      options.excludeKind,
      options.limit,
    ) as StoredRow[];
  }

  countRows(sessionId: string, excludedKinds: readonly string[]): number {
    const key = excludedKinds.join('\u0000');
    let statement = this.#countStatements.get(key);
    if (statement === undefined) {
      const placeholders = excludedKinds.map(() => '?').join(', ');
      statement = this.#database.prepare(
        `SELECT count(*) AS count FROM messages
         WHERE session_id = ? AND (kind IS NULL OR kind NOT IN (${placeholders || "''"}))`,
      );
      this.#countStatements.set(key, statement);
    }
    return (statement.get(sessionId, ...excludedKinds) as { count: number }).count;
  }

  rewriteMetadata(id: string, rewrite: (row: StoredRow) => MetadataRewrite): boolean {
    return this.#rewriteMetadata(id, rewrite);
  }

  deleteTurn(sessionId: string, turnId: string): number {
    return this.#deleteTurn(sessionId, turnId);
  }

  deleteSessions(sessionIds: readonly string[] | undefined): number {
    return this.#deleteSessions(sessionIds);
  }

  typedFailure(error: unknown, operation: StoreOperation): Error | undefined {
    const { hold, path, readonly } = this.#options;
    if (error instanceof HoldLostSignal && hold !== undefined) return hold.lostError(operation);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) {
      return new ReadOnlyDatabaseError({ path, operation, requested: readonly === true, cause: error });
    }
    return undefined;
  }

  close(): void {
    this.#options.hold?.release();
    this.#database.close();
  }

  /** `work` as one IMMEDIATE transaction that first checks the hold, if any. */
  #immediate<A extends unknown[], R>(work: (...args: A) => R): (...args: A) => R {
    const hold = this.#options.hold;
    const transaction = this.#database.transaction((...args: A) => {
      if (hold !== undefined && !hold.isHeld()) throw new HoldLostSignal();
      return work(...args);
    });
    return (...args: A) => transaction.immediate(...args);
  }
}

function prepareInsertIfHeld(database: Database): Statement {
  return database.prepare(`INSERT INTO messages ${INSERT_COLUMNS} SELECT ${INSERT_VALUES}
    WHERE EXISTS (SELECT 1 FROM database_holder WHERE slot = 1 AND owner_id = ?)`);
}

function prepareStatements(database: Database) {
  const prepare = (sql: string): Statement => database.prepare(sql);
  return {
    insert: prepare(`INSERT INTO messages ${INSERT_COLUMNS} VALUES (${INSERT_VALUES})`),
    hasId: prepare('SELECT 1 FROM messages WHERE id = ?'),
    selectById: prepare(`SELECT ${COLUMNS} FROM messages WHERE id = ?`),
    selectSession: prepare(`SELECT ${COLUMNS} FROM messages WHERE session_id = ? AND seq < ? ORDER BY seq`),
    selectSessionTail: prepare(`SELECT * FROM (
        SELECT ${COLUMNS} FROM messages WHERE session_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?
      ) ORDER BY seq`),
    selectBackward: prepare(`SELECT ${COLUMNS} FROM messages
      WHERE session_id = ? AND seq < ? AND (kind IS NULL OR kind <> ?) ORDER BY seq DESC LIMIT ?`),
    updateMetadata: prepare('UPDATE messages SET metadata = ?, turn_id = ? WHERE id = ?'),
    deleteTurn: prepare('DELETE FROM messages WHERE session_id = ? AND turn_id = ?'),
    deleteSession: prepare('DELETE FROM messages WHERE session_id = ?'),
    deleteAll: prepare('DELETE FROM messages'),
  };
}
