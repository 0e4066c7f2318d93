import type { Database, Statement } from 'better-sqlite3';
import type {
  MetadataRewrite,
  SelectBackwardOptions,
  SelectSessionOptions,
  StoreEngine,
} from './store-engine';
import { duplicateIdError, type NewRow, type StoredRow } from './stored-row';

const COLUMNS = `seq, id, session_id AS sessionId, role, content, tool_calls AS toolCalls,
  tool_call_id AS toolCallId, kind, metadata, turn_id AS turnId, created_at AS createdAt`;

/** Larger than any sequence number, for "before the end". */
const END = Number.MAX_SAFE_INTEGER;

/**
 * Storage primitives over one better-sqlite3 connection with prepared statements; every
 * primitive is one statement or one transaction. Not public API.
 */
export class SqliteEngine implements StoreEngine {
  readonly #database: Database;
  readonly #statements: ReturnType<typeof prepareStatements>;
  readonly #insertRows: (rows: readonly NewRow[]) => void;
  readonly #rewriteMetadata: (id: string, rewrite: (row: StoredRow) => MetadataRewrite) => boolean;
  readonly #deleteSessions: (sessionIds: readonly string[]) => number;
  readonly #countStatements = new Map<string, Statement>();

  constructor(database: Database) {
    this.#database = database;
    const statements = prepareStatements(database);
    this.#statements = statements;
    this.#insertRows = database.transaction((rows: readonly NewRow[]) => {
      for (const row of rows) statements.insert.run(row);
    });
    this.#rewriteMetadata = database.transaction(
      (id: string, rewrite: (row: StoredRow) => MetadataRewrite) => {
        const row = statements.selectById.get(id) as StoredRow | undefined;
        if (row === undefined) return false;
        const next = rewrite(row);
        statements.updateMetadata.run(next.metadata, next.turnId, id);
        return true;
      },
    );
    this.#deleteSessions = database.transaction((sessionIds: readonly string[]) => {
      let deleted = 0;
      for (const sessionId of sessionIds) deleted += statements.deleteSession.run(sessionId).changes;
      return deleted;
    });
  }

  insertRows(rows: readonly NewRow[]): void {
    try {
      // One row needs no explicit transaction: the statement is its own.
      if (rows.length === 1) this.#statements.insert.run(rows[0]);
      else this.#insertRows(rows);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error;
      throw duplicateIdError(this.#firstDuplicateId(rows) ?? '(unknown)');
    }
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
    return this.#statements.deleteTurn.run(sessionId, turnId).changes;
  }

  deleteSessions(sessionIds: readonly string[] | undefined): number {
    if (sessionIds === undefined) return this.#statements.deleteAll.run().changes;
    return this.#deleteSessions(sessionIds);
  }

  close(): void {
    this.#database.close();
  }
}

function prepareStatements(database: Database) {
  const prepare = (sql: string): Statement => database.prepare(sql);
  return {
    insert: prepare(`INSERT INTO messages
      (id, session_id, role, content, tool_calls, tool_call_id, kind, metadata, turn_id, created_at)
      VALUES (@id, @sessionId, @role, @content, @toolCalls, @toolCallId, @kind, @metadata, @turnId, @createdAt)`),
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
