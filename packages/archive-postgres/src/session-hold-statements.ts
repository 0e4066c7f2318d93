/**
 * The SQL of clearing holds for one schema (`s`, already a quoted identifier). Times are the
 * server's. Not public API.
 */
export function sessionHoldStatements(s: string) {
  const holds = `${s}.session_holds`;
  const expiry = `clock_timestamp() + $1::integer * interval '1 millisecond'`;
  return {
    /** $1 ttl in ms, $2 sessions (NULL: all), $3 holder. */
    hold: `INSERT INTO ${holds} (session_ids, holder, expires_at, inputs_before)
      VALUES ($2::text[], $3, ${expiry}, (SELECT coalesce(max(id), 0) FROM ${s}.session_inputs))
      RETURNING id::text AS id, inputs_before::text AS "inputsBefore"`,
    /** $1 ttl in ms, $2 id. */
    renew: `UPDATE ${holds} SET expires_at = ${expiry} WHERE id = $2::bigint AND expires_at > clock_timestamp()`,
    release: `DELETE FROM ${holds} WHERE id = $1::bigint`,
    /** Holds not expired, oldest first; expired ones are removed on the way. */
    active: `WITH gone AS (DELETE FROM ${holds} WHERE expires_at <= clock_timestamp())
      SELECT id::text AS id, session_ids AS "sessionIds", holder, inputs_before::text AS "inputsBefore" FROM ${holds}
      WHERE expires_at > clock_timestamp() ORDER BY id`,
    /** Owners of live leases of these sessions ($1; NULL: of any session). */
    liveOwners: `SELECT DISTINCT owner FROM ${s}.session_leases
      WHERE owner IS NOT NULL AND expires_at > clock_timestamp() AND ($1::text[] IS NULL OR session_id = ANY($1::text[]))`,
    /** Whether the hold is still in force. $1 id. */
    inForce: `SELECT EXISTS (SELECT 1 FROM ${holds} WHERE id = $1::bigint AND expires_at > clock_timestamp()) AS "inForce"`,
  };
}

/** The statements of {@link sessionHoldStatements}. */
export type SessionHoldStatements = ReturnType<typeof sessionHoldStatements>;
