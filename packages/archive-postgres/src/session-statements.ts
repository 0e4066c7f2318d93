/**
 * The SQL of the session manager for one schema (`s`, already a quoted identifier). Every
 * value is a `$n` parameter. Not public API.
 */
export function sessionStatements(s: string) {
  const sessions = `${s}.sessions`;
  const generations = `${s}.session_generations`;
  const listeners = `${s}.session_listeners`;
  const columns = `id, kind, platform, parent_id AS "parentId", title, created_at AS "createdAt",
    settings, read_only AS "readOnly", last_turn AS "lastTurn"`;
  return {
    selectAll: `SELECT ${columns} FROM ${sessions} ORDER BY created_at, id`,
    selectOne: `SELECT ${columns} FROM ${sessions} WHERE id = $1`,
    selectForUpdate: `SELECT ${columns} FROM ${sessions} WHERE id = $1 FOR UPDATE`,
    insert: `INSERT INTO ${sessions} (id, kind, platform, parent_id, title, created_at, settings, read_only)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING ${columns}`,
    updateSettings: `UPDATE ${sessions} SET settings = $2 WHERE id = $1`,
    updateLastTurn: `UPDATE ${sessions} SET last_turn = $2 WHERE id = $1`,
    deleteSessions: `DELETE FROM ${sessions} WHERE id = ANY($1::text[])`,
    deleteDescendants: `WITH RECURSIVE tree AS (
        SELECT id FROM ${sessions} WHERE parent_id = ANY($1::text[])
        UNION SELECT child.id FROM ${sessions} AS child JOIN tree ON child.parent_id = tree.id
      ) DELETE FROM ${sessions} WHERE id IN (SELECT id FROM tree) RETURNING id`,
    selectGenerations: `SELECT session_id AS "sessionId", generation::float8 AS generation FROM ${generations}`,
    advanceGenerations: `INSERT INTO ${generations} AS g (session_id, generation)
      SELECT id, 1 FROM unnest($1::text[]) AS id
      ON CONFLICT (session_id) DO UPDATE SET generation = g.generation + 1
      RETURNING session_id AS "sessionId", generation::float8 AS generation`,
    notify: 'SELECT pg_notify($1, $2)',
    // Locks the counter until commit, so change numbers follow commit order.
    nextChange: `UPDATE ${s}.session_changes SET change = change + 1 RETURNING change::float8 AS change`,
    currentChange: `SELECT change::float8 AS change FROM ${s}.session_changes`,
    acknowledge: `INSERT INTO ${listeners} AS l (listener_id, applied_change, heartbeat_at)
      VALUES ($1, $2, now()) ON CONFLICT (listener_id) DO UPDATE
      SET applied_change = GREATEST(l.applied_change, excluded.applied_change), heartbeat_at = now()`,
    forgetListener: `DELETE FROM ${listeners} WHERE listener_id = $1`,
    // Rows of listeners silent for ten lifetimes belong to processes long gone.
    forgetSilentListeners: `DELETE FROM ${listeners} WHERE heartbeat_at < now() - $1 * interval '10 milliseconds'`,
    unacknowledged: `SELECT count(*)::int AS waiting FROM ${listeners}
      WHERE applied_change < $1 AND listener_id <> $2 AND heartbeat_at > now() - $3 * interval '1 millisecond'`,
  };
}

/** The statements of {@link sessionStatements}. */
export type SessionStatements = ReturnType<typeof sessionStatements>;
