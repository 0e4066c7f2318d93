import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTurnPersistence } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl, uniqueSchema } from '../../../tools/test-postgres/test-database';
import { PostgresArchiveStore } from '../src/index';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const committedTarget = 25;
const sessions = ['s0', 's1', 's2'];

/** Runs the writer, kills it with SIGKILL once enough turns were reported committed. */
function runWriterUntilKilled(url: string, schema: string): Promise<readonly string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@aalis/source', '--import', 'tsx', 'test/fixtures/write-turns.ts', url, schema],
      { cwd: packageDirectory, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const committed: string[] = [];
    let buffered = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines)
        if (line.startsWith('committed ')) committed.push(line.slice('committed '.length));
      if (committed.length >= committedTarget && child.exitCode === null && !child.killed)
        child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer ended without being killed: ${errors}`));
      else resolve(committed);
    });
  });
}

describe('a writer killed mid-write', () => {
  it('[ARC-1] [DUR-1] leaves every committed turn whole and no half tool-call group; recovery closes the cut turn', async () => {
    const url = await testDatabaseUrl();
    const schema = uniqueSchema('killed');
    const committed = await runWriterUntilKilled(url, schema);
    expect(committed.length).toBeGreaterThanOrEqual(committedTarget);
    const store = await PostgresArchiveStore.open({ connectionString: url, schema, migrate: false });
    try {
      const turns = new Map<string, { segments: string[]; record: unknown }>();
      for (const sessionId of sessions) {
        for (const item of (await store.timeline(sessionId)).items) {
          expect(item.type).toBe('turn');
          if (item.type !== 'turn') continue;
          for (const segment of item.segments) {
            if (segment.type !== 'tool_call') continue;
            expect(segment.result?.metadata[Keys.CallId], `result of ${segment.toolCallId}`).toBe(
              `k-${segment.toolCallId}`,
            );
          }
          turns.set(item.turnId, {
            segments: item.segments.map((segment) => segment.type),
            record: item.record,
          });
        }
      }
      for (const turnId of committed) {
        expect(turns.get(turnId), turnId).toEqual({
          segments: ['input', 'tool_call', 'tool_call', 'tool_call', 'tool_call', 'text'],
          record: { outcome: 'replied' },
        });
      }
      const persistence = createTurnPersistence({ archive: store, memory: store });
      for (const sessionId of sessions) await persistence.recoverCutTurns(sessionId);
      for (const sessionId of sessions) {
        for (const item of (await store.timeline(sessionId)).items) {
          expect(item.type === 'turn' && item.record !== undefined, `record of ${JSON.stringify(item)}`).toBe(
            true,
          );
        }
      }
    } finally {
      await store.close();
    }
  });
});
