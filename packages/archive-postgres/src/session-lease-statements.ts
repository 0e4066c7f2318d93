/**
 * The SQL of session leases for one schema (`s`, already a quoted identifier). Times are the
 * server's (`clock_timestamp()`, the time the statement runs, not the start of its
 * transaction); `$n` parameters carry every value. Not public API.
 */
export function sessionLeaseStatements(s: string) {
  const table = `${s}.session_leases`;
  const expiry = `clock_timestamp() + $3::integer * interval '1 millisecond'`;
  return {
    /**
     * Takes the lease when it is free (never leased, released, or expired), adding one to the
     * token. A held row is locked all the same (ON CONFLICT DO UPDATE locks the row it
     * conflicts with even when its WHERE is false), so a read of it in the same transaction
     * sees the holder that refused us. $1 session, $2 owner, $3 ttl in ms.
     */
    acquire: `INSERT INTO ${table} AS lease (session_id, owner, token, expires_at)
      VALUES ($1, $2, 1, ${expiry})
      ON CONFLICT (session_id) DO UPDATE
        SET owner = EXCLUDED.owner, token = lease.token + 1, expires_at = EXCLUDED.expires_at
        WHERE lease.owner IS NULL OR lease.expires_at <= clock_timestamp()
      RETURNING token::text AS token, expires_at AS "expiresAt"`,
    holder: `SELECT owner, expires_at AS "expiresAt" FROM ${table} WHERE session_id = $1`,
    /** Whether a live lease of the session exists, by the server's clock; takes no lock. $1 session. */
    isHeld: `SELECT EXISTS (SELECT 1 FROM ${table}
      WHERE session_id = $1 AND owner IS NOT NULL AND expires_at > clock_timestamp()) AS held`,
    /** Extends the lease while it is still this owner's with this token. $1 session, $2 owner, $3 ttl, $4 token. */
    renew: `UPDATE ${table} SET expires_at = ${expiry}
      WHERE session_id = $1 AND owner = $2 AND token = $4::bigint
      RETURNING expires_at AS "expiresAt"`,
    /**
     * Extends every lease of the owner listed with its token, in one statement: the heartbeat
     * of all the sessions a process serves. $1 owner, $2 sessions, $3 ttl in ms, $4 tokens.
     */
    renewMany: `UPDATE ${table} AS lease SET expires_at = clock_timestamp() + $3::integer * interval '1 millisecond'
      FROM unnest($2::text[], $4::bigint[]) AS held(session_id, token)
      WHERE lease.session_id = held.session_id AND lease.owner = $1 AND lease.token = held.token
      RETURNING lease.session_id AS "sessionId", lease.expires_at AS "expiresAt"`,
    /** Frees the lease (the token stays, so the next acquisition counts on). $1 session, $2 owner, $3 token. */
    release: `UPDATE ${table} SET owner = NULL, expires_at = clock_timestamp()
      WHERE session_id = $1 AND owner = $2 AND token = $3::bigint`,
    /**
     * The fence of a write: matches only while this lease is the session's current one, and
     * share-locks the row until the write's transaction ends, so no acquisition (an UPDATE of
     * the row) can commit between the check and the write. $1 session, $2 owner, $3 token.
     */
    fence: `SELECT 1 FROM ${table} WHERE session_id = $1 AND owner = $2 AND token = $3::bigint FOR SHARE`,
  };
}

/** The statements of {@link sessionLeaseStatements}. */
export type SessionLeaseStatements = ReturnType<typeof sessionLeaseStatements>;
