import { WellKnownMetadataKeys as Keys, type Message } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { SqliteArchiveStore } from '../src/index';
import { startFixture } from './fixture-process';
import { temporaryDatabasePath } from './store-factories';

const iterations = 1_700;
const tags = ['a', 'b'];
const targets = Array.from({ length: 50 }, (_, index) => `target-${index + 1}`);

interface WriterReport {
  readonly operations: number;
  readonly failures: number;
  readonly firstFailures: readonly string[];
  readonly startedAt: number;
  readonly endedAt: number;
}

/** Runs both writers at once on `path`, started together once both are ready. */
async function runWriters(path: string, mode: 'same' | 'own'): Promise<WriterReport[]> {
  const writers = tags.map((tag) =>
    startFixture('write-concurrently', [path, tag, mode, String(iterations), targets.join(',')]),
  );
  await Promise.all(writers.map((writer) => writer.line(/^ready$/)));
  for (const writer of writers) writer.send('go');
  const reports = await Promise.all(writers.map((writer) => writer.line(/^\{/)));
  const exits = await Promise.all(writers.map((writer) => writer.ended));
  for (const exit of exits) expect(exit.code, exit.stderr).toBe(0);
  return reports.map((line) => JSON.parse(line) as WriterReport);
}

async function seedTargets(path: string): Promise<void> {
  const store = new SqliteArchiveStore({ path });
  await store.append(
    'targets',
    targets.map((id) => ({ id, role: 'assistant' as const, content: id })),
  );
  await store.close();
}

/** How often consecutive messages of a session come from different writers. */
function interleavings(messages: readonly Message[]): number {
  let switches = 0;
  for (let index = 1; index < messages.length; index += 1) {
    if (messages[index]?.content[0] !== messages[index - 1]?.content[0]) switches += 1;
  }
  return switches;
}

async function expectNothingLost(path: string, sessionsOf: (tag: string) => string[]): Promise<number> {
  const store = new SqliteArchiveStore({ path, readonly: true });
  try {
    let switches = 0;
    const sessions = new Set(tags.flatMap(sessionsOf));
    for (const sessionId of sessions) {
      const messages = await store.list(sessionId);
      switches += interleavings(messages);
      for (const tag of tags) {
        const own = messages.filter((message) => message.content.startsWith(`${tag} `));
        const indexes = own.map((message) => Number(message.content.slice(tag.length + 1)));
        expect(indexes, `order of ${tag} in ${sessionId}`).toEqual([...indexes].sort((x, y) => x - y));
        expect(own.every((message) => message.metadata[Keys.TurnRecord]?.outcome === 'replied')).toBe(true);
      }
    }
    let total = 0;
    for (const sessionId of sessions) total += (await store.list(sessionId)).length;
    expect(total).toBe(tags.length * iterations);
    for (const [position, id] of targets.entries()) {
      const metadata = (await store.get(id))?.metadata ?? {};
      for (const tag of tags) {
        const expected = Array.from({ length: iterations }, (_, index) => index).filter(
          (index) => index % targets.length === position,
        );
        expect(
          expected.filter((index) => metadata[`${tag}.${index}`] !== index),
          `${tag} keys of ${id}`,
        ).toEqual([]);
      }
    }
    return switches;
  } finally {
    await store.close();
  }
}

describe('two processes writing one SQLite file, 2 × 5,100 appends and metadata updates per test', () => {
  for (const mode of ['same', 'own'] as const) {
    const title =
      mode === 'same' ? 'the same sessions' : 'different sessions, patching the same target messages';
    it(`[DUR-2] lose no append and no metadata update when both write ${title}`, {
      timeout: 30_000,
    }, async () => {
      const path = temporaryDatabasePath();
      await seedTargets(path);
      const reports = await runWriters(path, mode);
      for (const report of reports) {
        expect(report.firstFailures).toEqual([]);
        expect(report.operations).toBe(iterations * 3);
      }
      const sessionsOf = (tag: string) =>
        [0, 1, 2, 3].map((index) => (mode === 'same' ? `shared-${index}` : `${tag}-${index}`));
      const [first, second] = reports as [WriterReport, WriterReport];
      // The writers really wrote at the same time.
      expect(first.startedAt < second.endedAt && second.startedAt < first.endedAt).toBe(true);
      const switches = await expectNothingLost(path, sessionsOf);
      if (mode === 'same') expect(switches, 'writers alternating in shared sessions').toBeGreaterThan(0);
    });
  }
});
