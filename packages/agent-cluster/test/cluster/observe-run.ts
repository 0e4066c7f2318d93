import type pg from 'pg';
import type {
  ClusterHistory,
  HistoryProcess,
  HistoryTurn,
} from '../../../../tools/cluster-invariants/cluster-history';
import type { NodeReport } from '../../support/node-protocol';

/** Logs every change of a session's lease token, with the server's time: the test's view of acquisitions. */
export async function installLeaseLog(pool: pg.Pool, schema: string): Promise<void> {
  const s = `"${schema}"`;
  await pool.query(`
    CREATE TABLE ${s}.lease_log (session_id text, owner text, token bigint, at timestamptz(3) DEFAULT clock_timestamp());
    CREATE FUNCTION ${s}.log_lease() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.token <> OLD.token THEN
        INSERT INTO ${s}.lease_log (session_id, owner, token) VALUES (NEW.session_id, NEW.owner, NEW.token);
      ELSIF NEW.owner IS NULL AND OLD.owner IS NOT NULL THEN
        -- A release: the token stays, the owner goes.
        INSERT INTO ${s}.lease_log (session_id, owner, token) VALUES (NEW.session_id, NULL, NEW.token);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER log_lease AFTER INSERT OR UPDATE ON ${s}.session_leases FOR EACH ROW EXECUTE FUNCTION ${s}.log_lease();
  `);
}

/** What the test saw during the run, besides the tables. */
export interface RunRecord {
  /** The process name that received each message id. */
  readonly receivedBy: Map<string, string>;
  readonly reports: { readonly process: string; readonly report: NodeReport }[];
  /** Lease owner id → process name. */
  readonly owners: Map<string, string>;
  readonly processes: HistoryProcess[];
  readonly leaseTtlMs: number;
}

/** How the run's inputs ended, by the outcome their owner wrote (`settled`, `released:<reason>`, `unsettled`). */
export async function outcomeCounts(pool: pg.Pool, schema: string): Promise<Record<string, number>> {
  const result = await pool.query<{ outcome: string; n: number }>(
    `SELECT coalesce(outcome::json->>'status' || coalesce(':' || (outcome::json->>'reason'), ''), 'unsettled') AS outcome,
       count(*)::int AS n FROM "${schema}".session_inputs GROUP BY 1 ORDER BY 1`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.outcome, row.n]));
}

/** The run as the invariant checker reads it, from the tables and the processes' reports. */
export async function buildHistory(pool: pg.Pool, schema: string, run: RunRecord): Promise<ClusterHistory> {
  const s = `"${schema}"`;
  const rows = await pool.query<{
    id: string;
    sessionId: string;
    messageId: string;
    enqueuedAt: number;
    settledAt: number | null;
  }>(
    `SELECT input.id::text AS id, session_id AS "sessionId", payload::json->'message'->>'messageId' AS "messageId",
       (extract(epoch FROM enqueued_at) * 1000)::float8 AS "enqueuedAt",
       (extract(epoch FROM settled_at) * 1000)::float8 AS "settledAt"
     FROM ${s}.session_inputs AS input ORDER BY input.id`,
  );
  const idOf = new Map(rows.rows.map((row) => [row.messageId, row.id]));
  const settled = new Map<string, number>();
  const turns = new Map<
    string,
    { process: string; sessionId: string; startedAt: number; endedAt?: number; messageIds: readonly string[] }
  >();
  const writes: ClusterHistory['writes'][number][] = [];
  for (const { process, report } of run.reports) {
    if (report.kind === 'settled') settled.set(report.messageId, report.at);
    else if (report.kind === 'write')
      writes.push({ sessionId: report.sessionId, token: report.token, at: report.at });
    else if (report.kind === 'turn' && report.phase === 'before')
      turns.set(report.turnId, {
        process,
        sessionId: report.sessionId,
        startedAt: report.at,
        messageIds: report.messageIds,
      });
    else if (report.kind === 'turn') {
      const known = turns.get(report.turnId);
      if (known !== undefined)
        turns.set(report.turnId, { ...known, endedAt: report.at, messageIds: report.messageIds });
    }
  }
  const historyTurns: HistoryTurn[] = [...turns.entries()].map(([turnId, turn]) => ({
    turnId,
    sessionId: turn.sessionId,
    process: turn.process,
    startedAt: turn.startedAt,
    ...(turn.endedAt === undefined ? {} : { endedAt: turn.endedAt }),
    inputIds: turn.messageIds.map((messageId) => idOf.get(messageId) ?? `unknown:${messageId}`),
  }));
  const inTurns = new Set(historyTurns.flatMap((turn) => turn.inputIds));
  const orders = new Map<string, number>();
  const inputs = rows.rows.map((row) => {
    const order = orders.get(row.sessionId) ?? 0;
    orders.set(row.sessionId, order + 1);
    const at = settled.get(row.messageId);
    return {
      id: row.id,
      sessionId: row.sessionId,
      process: run.receivedBy.get(row.messageId) ?? 'unknown',
      order,
      enqueuedAt: row.enqueuedAt,
      ...(at === undefined ? {} : { settledAt: at }),
    };
  });
  const releases = rows.rows
    .filter((row) => row.settledAt !== null && !inTurns.has(row.id))
    .map((row) => ({ inputId: row.id, at: row.settledAt ?? 0 }));
  const log = await pool.query<{ sessionId: string; owner: string; token: string; at: number }>(
    `SELECT session_id AS "sessionId", owner, token::text AS token, (extract(epoch FROM at) * 1000)::float8 AS at
     FROM ${s}.lease_log WHERE owner IS NOT NULL`,
  );
  const acquisitions = log.rows.map((row) => ({
    sessionId: row.sessionId,
    process: run.owners.get(row.owner) ?? 'unknown',
    token: Number(row.token),
    at: row.at,
  }));
  return {
    inputs,
    turns: historyTurns,
    releases,
    writes,
    acquisitions,
    processes: run.processes,
    leaseTtlMs: run.leaseTtlMs,
  };
}

/**
 * For each session the killed process still held (acquired, not released) when it died, how
 * long after the kill another process acquired it; sorted.
 */
export async function takeoverDelays(
  pool: pg.Pool,
  schema: string,
  victimOwner: string,
  killedAt: number,
): Promise<number[]> {
  const result = await pool.query<{ delay: number }>(
    `WITH last AS (
       SELECT DISTINCT ON (session_id) session_id, owner FROM "${schema}".lease_log
       WHERE at <= to_timestamp($2::float8 / 1000) ORDER BY session_id, at DESC, owner NULLS FIRST)
     SELECT (extract(epoch FROM min(next.at)) * 1000 - $2::float8)::float8 AS delay
     FROM last JOIN "${schema}".lease_log AS next ON next.session_id = last.session_id
       AND next.owner IS NOT NULL AND next.at > to_timestamp($2::float8 / 1000)
     WHERE last.owner = $1 GROUP BY last.session_id ORDER BY 1`,
    [victimOwner, killedAt],
  );
  return result.rows.map((row) => Math.round(row.delay));
}
