/**
 * The SQL of the session inbox for one schema (`s`, already a quoted identifier). Every value
 * is a `$n` parameter. Not public API.
 */
export function sessionInboxStatements(s: string) {
  const inputs = `${s}.session_inputs`;
  return {
    /** Serialises one session's enqueues until commit, so ids follow commit order. $1 the lock's key text. */
    lockSession: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))',
    /** $1 session, $2 payload (JSON text). */
    enqueue: `INSERT INTO ${inputs} (session_id, payload) VALUES ($1, $2) RETURNING id::text AS id`,
    /** The session's queued inputs, oldest first, marked taken with the owner's token. $1 session, $2 token, $3 limit. */
    take: `UPDATE ${inputs} AS input SET state = 'taken', token = $2::bigint
      FROM (SELECT id FROM ${inputs} WHERE session_id = $1 AND state = 'queued' ORDER BY id LIMIT $3 FOR UPDATE) AS next
      WHERE input.id = next.id
      RETURNING input.id::text AS id, input.payload`,
    /** Puts inputs this token took back in the queue, in their place. $1 ids, $2 session, $3 token. */
    untake: `UPDATE ${inputs} SET state = 'queued', token = NULL
      WHERE id = ANY($1::bigint[]) AND session_id = $2 AND state = 'taken' AND token = $3::bigint`,
    /** Settles an input this token took. $1 id, $2 session, $3 token, $4 outcome (JSON text). */
    settle: `UPDATE ${inputs} SET state = 'settled', outcome = $4, settled_at = clock_timestamp()
      WHERE id = $1::bigint AND session_id = $2 AND state = 'taken' AND token = $3::bigint`,
    /** Settles what an earlier owner took and never settled. $1 session, $2 token, $3 outcome. */
    settleAbandoned: `UPDATE ${inputs} SET state = 'settled', outcome = $3, settled_at = clock_timestamp()
      WHERE session_id = $1 AND state = 'taken' AND token < $2::bigint
      RETURNING id::text AS id`,
    /** Settles the session's queued inputs, none taken, up to an id. $1 session, $2 outcome, $3 last id (NULL: all). */
    settleQueued: `UPDATE ${inputs} SET state = 'settled', outcome = $2, settled_at = clock_timestamp()
      WHERE session_id = $1 AND state = 'queued' AND ($3::bigint IS NULL OR id <= $3::bigint)
      RETURNING id::text AS id`,
    outcome: `SELECT state, outcome FROM ${inputs} WHERE id = $1::bigint`,
    /** The settled ones among these inputs. $1 ids. */
    settledAmong: `SELECT id::text AS id, outcome FROM ${inputs} WHERE id = ANY($1::bigint[]) AND state = 'settled'`,
    /** Sessions with inputs not settled, the one waiting longest first. */
    pendingSessions: `SELECT session_id AS "sessionId" FROM ${inputs} WHERE state <> 'settled'
      GROUP BY session_id ORDER BY min(id)`,
    /**
     * Sessions with inputs not settled and no live owner: never leased, released, or expired by
     * the server's clock. The one waiting longest first.
     */
    unservedSessions: `SELECT input.session_id AS "sessionId" FROM ${inputs} AS input
      LEFT JOIN ${s}.session_leases AS lease ON lease.session_id = input.session_id
        AND lease.owner IS NOT NULL AND lease.expires_at > clock_timestamp()
      WHERE input.state <> 'settled' AND lease.session_id IS NULL
      GROUP BY input.session_id ORDER BY min(input.id)`,
    /** Whether the session has an input not settled. $1 session. */
    isPending: `SELECT EXISTS (SELECT 1 FROM ${inputs} WHERE session_id = $1 AND state <> 'settled') AS pending`,
    notify: 'SELECT pg_notify($1, $2)',
  };
}

/** The statements of {@link sessionInboxStatements}. */
export type SessionInboxStatements = ReturnType<typeof sessionInboxStatements>;
