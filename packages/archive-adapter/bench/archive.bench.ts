/**
 * Archive benchmarks. `npm run bench` prints a table; `npm run bench -- --json` prints one
 * JSON object. Baseline: raw better-sqlite3 statements on the same schema and pragmas (no
 * validation, no JSON decoding), so the ratio is the cost of the store's guarantees.
 * Nothing here asserts a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MessageDraft } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import Database from 'better-sqlite3';
import { type ArchiveStore, InMemoryArchiveStore, SqliteArchiveStore } from '../src/index';

const totalMessages = 100_000;
const sessionCount = 1_000;
const longSessionLength = 10_000;
const historyLimit = 200;
const historyReads = 50;

const directory = mkdtempSync(join(tmpdir(), 'archive-bench-'));
let fileCount = 0;
const databasePath = () => join(directory, `bench-${++fileCount}.sqlite`);

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

/** One `append` per message, sessions taking turns, as many agents writing at once would. */
async function measureAppend(store: ArchiveStore): Promise<number> {
  const start = performance.now();
  for (let index = 0; index < totalMessages; index += 1) {
    await store.append(`session-${index % sessionCount}`, [draftAt(Math.floor(index / sessionCount))]);
  }
  return totalMessages / ((performance.now() - start) / 1000);
}

function measureRawAppend(): number {
  const path = databasePath();
  const seed = new SqliteArchiveStore({ path });
  void seed.close();
  const database = new Database(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  const insert = database.prepare(`INSERT INTO messages
    (id, session_id, role, content, tool_calls, tool_call_id, kind, metadata, turn_id, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const start = performance.now();
  for (let index = 0; index < totalMessages; index += 1) {
    const draft = draftAt(Math.floor(index / sessionCount));
    insert.run(
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
    );
  }
  const perSecond = totalMessages / ((performance.now() - start) / 1000);
  database.close();
  return perSecond;
}

async function fillLongSession(store: ArchiveStore): Promise<void> {
  const drafts: MessageDraft[] = [];
  for (let index = 0; index < longSessionLength; index += 1) {
    drafts.push(
      index % 50 === 49
        ? {
            role: 'system',
            kind: WellKnownKinds.EventMarker,
            content: '',
            metadata: { [Keys.TurnId]: `e${index}` },
          }
        : draftAt(index),
    );
    if (drafts.length === 1_000) await store.append('long', drafts.splice(0));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measureHistoryRead(store: ArchiveStore): Promise<number> {
  await fillLongSession(store);
  await store.history('long', { limit: historyLimit });
  const timings: number[] = [];
  for (let run = 0; run < historyReads; run += 1) {
    const start = performance.now();
    const history = await store.history('long', { limit: historyLimit });
    timings.push(performance.now() - start);
    if (history.length < historyLimit - 1) throw new Error(`history returned ${history.length} messages`);
  }
  return median(timings);
}

function measureRawHistoryRead(path: string): number {
  const database = new Database(path, { readonly: true });
  const select = database.prepare(`SELECT * FROM messages WHERE session_id = ? AND (kind IS NULL OR kind <> ?)
    ORDER BY seq DESC LIMIT ?`);
  const timings: number[] = [];
  for (let run = 0; run < historyReads; run += 1) {
    const start = performance.now();
    select.all('long', WellKnownKinds.EventMarker, historyLimit);
    timings.push(performance.now() - start);
  }
  database.close();
  return median(timings);
}

async function main(): Promise<void> {
  const sqlite = new SqliteArchiveStore({ path: databasePath() });
  const appendPerSecond = await measureAppend(sqlite);
  await sqlite.close();
  const rawAppendPerSecond = measureRawAppend();
  const memory = new InMemoryArchiveStore();
  const inMemoryAppendPerSecond = await measureAppend(memory);
  await memory.close();

  const historyPath = databasePath();
  const historyStore = new SqliteArchiveStore({ path: historyPath });
  const historyReadMs = await measureHistoryRead(historyStore);
  await historyStore.close();
  const rawHistoryReadMs = measureRawHistoryRead(historyPath);
  const inMemoryHistory = new InMemoryArchiveStore();
  const inMemoryHistoryReadMs = await measureHistoryRead(inMemoryHistory);
  await inMemoryHistory.close();
  rmSync(directory, { recursive: true, force: true });

  const figures = {
    appendPerSecond: Math.round(appendPerSecond),
    rawAppendPerSecond: Math.round(rawAppendPerSecond),
    appendRatioToRaw: round(appendPerSecond / rawAppendPerSecond),
    inMemoryAppendPerSecond: Math.round(inMemoryAppendPerSecond),
    historyReadMs: round(historyReadMs),
    rawHistoryReadMs: round(rawHistoryReadMs),
    historyReadRatioToRaw: round(historyReadMs / rawHistoryReadMs),
    inMemoryHistoryReadMs: round(inMemoryHistoryReadMs),
    messages: totalMessages,
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
      measure: `append, ${totalMessages} messages / ${sessionCount} sessions (msg/s)`,
      sqlite: figures.appendPerSecond,
      'raw better-sqlite3': figures.rawAppendPerSecond,
      'ratio to raw': figures.appendRatioToRaw,
      'in memory': figures.inMemoryAppendPerSecond,
    },
    {
      measure: `history, last ${historyLimit} of ${longSessionLength} (median ms)`,
      sqlite: figures.historyReadMs,
      'raw better-sqlite3': figures.rawHistoryReadMs,
      'ratio to raw': figures.historyReadRatioToRaw,
      'in memory': figures.inMemoryHistoryReadMs,
    },
  ]);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

await main();
