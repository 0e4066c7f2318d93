import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteArchiveStore } from '../src/index';
import { temporaryDatabasePath } from './store-factories';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const committedTarget = 25;

interface KilledWriter {
  readonly committed: readonly string[];
  readonly signal: NodeJS.Signals | null;
}

/** Runs the writer on `path`, kills it with SIGKILL once enough turns were reported committed. */
function runWriterUntilKilled(path: string): Promise<KilledWriter> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=@aalis/source', '--import', 'tsx', 'test/fixtures/write-turns.ts', path],
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
      else resolve({ committed: [...committed], signal });
    });
  });
}

describe('durability', () => {
  it('[ARC-1] after SIGKILL mid-write the file opens, every committed turn is whole, and no tool-call group is half-written', async () => {
    const path = temporaryDatabasePath();
    const { committed, signal } = await runWriterUntilKilled(path);
    expect(signal).toBe('SIGKILL');
    expect(committed.length).toBeGreaterThanOrEqual(committedTarget);

    const raw = new Database(path);
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    raw.close();

    const store = new SqliteArchiveStore({ path });
    try {
      const turns = new Map<string, { roles: string[]; record: unknown }>();
      for (const sessionId of ['s0', 's1', 's2']) {
        const timeline = await store.timeline(sessionId);
        for (const item of timeline.items) {
          expect(item.type).toBe('turn');
          if (item.type !== 'turn') continue;
          for (const segment of item.segments) {
            if (segment.type === 'tool_call') {
              expect(segment.call, `call of ${segment.toolCallId}`).toBeDefined();
              expect(segment.result?.metadata[Keys.CallId], `result of ${segment.toolCallId}`).toBe(
                `k-${segment.toolCallId}`,
              );
            }
          }
          turns.set(item.turnId, {
            roles: item.segments.map((segment) => segment.type),
            record: item.record,
          });
        }
      }
      for (const turnId of committed) {
        expect(turns.get(turnId), turnId).toEqual({
          roles: ['input', 'tool_call', 'tool_call', 'tool_call', 'tool_call', 'text'],
          record: { outcome: 'replied' },
        });
      }
    } finally {
      await store.close();
    }
  });
});
