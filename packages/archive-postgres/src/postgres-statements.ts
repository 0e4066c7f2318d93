/** The columns of a stored row, named as `StoredRow` names them. */
const COLUMNS = `seq, id, session_id AS "sessionId", role, content, content_units AS "contentUnits",
  tool_calls AS "toolCalls", tool_call_id AS "toolCallId", kind, metadata, turn_id AS "turnId",
  created_at AS "createdAt"`;

/** The columns an insert fills, in the order of its parameters. */
export const INSERT_COLUMNS =
  '(id, session_id, role, content, content_units, tool_calls, tool_call_id, kind, metadata, turn_id, created_at)';

/** How many parameters one inserted row takes. */
export const PARAMETERS_PER_ROW = 11;

/**
 * The SQL of the archive engine for one schema (`s`, already a quoted identifier). Every
 * value is a `$n` parameter; only the checked schema name is part of the text. Not public API.
 */
export function postgresStatements(s: string) {
  const table = `${s}.messages`;
  return {
    insertPrefix: `INSERT INTO ${table} ${INSERT_COLUMNS} VALUES `,
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

/** `VALUES` placeholders for `rowCount` rows: `($1, …, $11), ($12, …)`. */
export function insertPlaceholders(rowCount: number): string {
  const rows: string[] = [];
  for (let row = 0; row < rowCount; row += 1) {
    const first = row * PARAMETERS_PER_ROW;
    const parameters = Array.from({ length: PARAMETERS_PER_ROW }, (_, index) => `$${first + index + 1}`);
    rows.push(`(${parameters.join(', ')})`);
  }
  return rows.join(', ');
}
