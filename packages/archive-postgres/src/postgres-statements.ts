/** The columns of a stored row, named as `StoredRow` names them. */
const COLUMNS = `seq, id, session_id AS "sessionId", role, content, content_units AS "contentUnits",
  tool_calls AS "toolCalls", tool_call_id AS "toolCallId", kind, metadata, turn_id AS "turnId",
  created_at AS "createdAt"`;

/** The columns an insert fills, in the order of its parameters. */
export const INSERT_COLUMNS =
  '(id, session_id, role, content, content_units, tool_calls, tool_call_id, kind, metadata, turn_id, created_at)';

/** How many parameters one inserted row takes. */
export const PARAMETERS_PER_ROW = 11;

/** The types of the inserted columns, in order: `VALUES` under a `SELECT` does not infer them. */
const COLUMN_TYPES = [
  'text',
  'text',
  'text',
  'text',
  'bytea',
  'text',
  'text',
  'text',
  'text',
  'text',
  'float8',
];

/**
 * The SQL of the archive engine for one schema (`s`, already a quoted identifier). Every
 * value is a `$n` parameter; only the checked schema name is part of the text. Not public API.
 */
export function postgresStatements(s: string) {
  const table = `${s}.messages`;
  return {
    insertPrefix: `INSERT INTO ${table} ${INSERT_COLUMNS} VALUES `,
    fencedInsert: (rowCount: number) => fencedInsert(s, rowCount),
    existingIds: `SELECT id FROM ${table} WHERE id = ANY($1::text[])`,
    selectById: `SELECT ${COLUMNS} FROM ${table} WHERE id = $1`,
    selectByIdForUpdate: `SELECT ${COLUMNS} FROM ${table} WHERE id = $1 FOR UPDATE`,
    selectSession: `SELECT ${COLUMNS} FROM ${table} WHERE session_id = $1 AND seq < $2 ORDER BY seq`,
    selectSessionTail: `SELECT * FROM (
        SELECT ${COLUMNS} FROM ${table} WHERE session_id = $1 AND seq < $2 ORDER BY seq DESC LIMIT $3
      ) AS tail ORDER BY seq`,
    selectBackward: `SELECT ${COLUMNS} FROM ${table}
      WHERE session_id = $1 AND seq < $2 AND (kind IS NULL OR kind <> $3) ORDER BY seq DESC LIMIT $4`,
    countRows: `SELECT count(*)::integer AS count FROM ${table}
      WHERE session_id = $1 AND (kind IS NULL OR NOT (kind = ANY($2::text[])))`,
    updateMetadata: `UPDATE ${table} SET metadata = $1, turn_id = $2 WHERE id = $3`,
    deleteTurn: `DELETE FROM ${table} WHERE session_id = $1 AND turn_id = $2`,
    deleteSessions: `DELETE FROM ${table} WHERE session_id = ANY($1::text[])`,
    deleteAll: `DELETE FROM ${table}`,
  };
}

/** The statements of {@link postgresStatements}. */
export type PostgresStatements = ReturnType<typeof postgresStatements>;

/**
 * One statement that inserts `rowCount` rows only while the lease named by the three parameters
 * after the rows' (session, owner, token) is the session's current one: the `fence` CTE
 * share-locks the lease row (held to the commit, so no acquisition commits in between), and
 * without it the insert takes no row. One round trip instead of a transaction's four ([DUR-3]).
 */
function fencedInsert(s: string, rowCount: number): string {
  const first = rowCount * PARAMETERS_PER_ROW + 1;
  return `WITH fence AS (
      SELECT 1 FROM ${s}.session_leases
      WHERE session_id = $${first} AND owner = $${first + 1} AND token = $${first + 2}::bigint FOR SHARE
    )
    INSERT INTO ${s}.messages ${INSERT_COLUMNS}
    SELECT * FROM (VALUES ${insertPlaceholders(rowCount, COLUMN_TYPES)}) AS fenced
    WHERE EXISTS (SELECT 1 FROM fence)`;
}

/** `VALUES` placeholders for `rowCount` rows: `($1, …, $11), ($12, …)`, cast to `types` when given. */
export function insertPlaceholders(rowCount: number, types?: readonly string[]): string {
  const rows: string[] = [];
  for (let row = 0; row < rowCount; row += 1) {
    const first = row * PARAMETERS_PER_ROW;
    const parameters = Array.from({ length: PARAMETERS_PER_ROW }, (_, index) =>
      types === undefined ? `$${first + index + 1}` : `$${first + index + 1}::${types[index]}`,
    );
    rows.push(`(${parameters.join(', ')})`);
  }
  return rows.join(', ');
}
