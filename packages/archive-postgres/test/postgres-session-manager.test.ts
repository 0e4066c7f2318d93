import {
  type SessionDeletedEvent,
  type SessionSettings,
  SessionSettingsNotFoundError,
  SessionSettingsRefusedError,
} from '@aalis/api-session-manager';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl, uniqueSchema } from '../../../tools/test-postgres/test-database';
import { PostgresSessionManager, type PostgresSessionManagerOptions } from '../src/index';

const opened: PostgresSessionManager[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((manager) => manager.close()));
});

/** A manager on its own pool, as another process would have. */
async function open(schema: string, options: Partial<PostgresSessionManagerOptions> = {}) {
  const manager = await PostgresSessionManager.open({
    connectionString: await testDatabaseUrl(),
    schema,
    poolSize: 3,
    ...options,
  });
  opened.push(manager);
  return manager;
}

describe('PostgresSessionManager', () => {
  it('[SET-1] creates sessions with kinds and settings, and validates every settings write', async () => {
    const manager = await open(uniqueSchema());
    const info = await manager.ensureSession({
      id: 's1',
      kind: 'room',
      platform: 'qq',
      settings: { model: 'a/b' },
    });
    expect(info).toMatchObject({ id: 's1', kind: 'room', platform: 'qq' });
    expect(await manager.ensureSession({ id: 's1', kind: 'system' })).toEqual(info);
    await manager.updateSettings('s1', { historyLimit: 20 });
    expect(manager.getSettings('s1')).toEqual({ model: 'a/b', historyLimit: 20 });
    await expect(manager.updateSettings('s1', { historyLimit: -1 })).rejects.toSatisfy(
      SessionSettingsRefusedError.isInstance,
    );
    await expect(manager.updateSettings('missing', { deepThinking: true })).rejects.toSatisfy(
      SessionSettingsNotFoundError.isInstance,
    );
    await manager.ensureSession({ id: 'none', settings: null });
    await expect(manager.updateSettings('none', { deepThinking: true })).rejects.toSatisfy(
      SessionSettingsNotFoundError.isInstance,
    );
    await manager.ensureSession({ id: 'locked', readOnly: true });
    await expect(manager.updateSettings('locked', { deepThinking: true })).rejects.toThrow(/read-only/);
    expect(manager.getSettings('s1')).toEqual({ model: 'a/b', historyLimit: 20 });
  });

  it('[DEL-2] a generation advanced by one process is seen by the generationOf of another', async () => {
    const schema = uniqueSchema();
    const first = await open(schema);
    const second = await open(schema);
    await first.ensureSession({ id: 's1' });
    expect(second.generationOf('s1')).toBe(0);
    await first.deleteSessions(['s1']);
    expect(first.generationOf('s1')).toBe(1);
    await second.synchronize();
    expect(second.generationOf('s1')).toBe(1);
    expect(second.getSession('s1')).toBeUndefined();
    await second.deleteSessions(['s1', 'never-created']);
    await first.synchronize();
    expect(first.generationOf('s1')).toBe(2);
    expect(first.generationOf('never-created')).toBe(1);
  });

  it('shares sessions, settings and last turns between processes', async () => {
    const schema = uniqueSchema();
    const first = await open(schema);
    await first.ensureSession({ id: 'early' });
    const second = await open(schema);
    expect(second.getSession('early')?.kind).toBe('console');
    await first.ensureSession({ id: 's1', settings: {} });
    await first.updateSettings('s1', { model: 'x/y' });
    await first.recordLastTurn('s1', { turnId: 't1', outcome: 'replied', at: 5 });
    await second.synchronize();
    expect(second.getSettings('s1')).toEqual({ model: 'x/y' });
    expect(second.getSession('s1')?.lastTurn).toEqual({ turnId: 't1', outcome: 'replied', at: 5 });
    expect(second.listSessions().map((session) => session.id)).toEqual(['early', 's1']);
  });

  it('[DUR-2] concurrent settings patches from two processes all land', async () => {
    const schema = uniqueSchema();
    const first = await open(schema);
    const second = await open(schema);
    await first.ensureSession({ id: 's1' });
    await second.synchronize();
    const patch = (index: number) => ({ [`plugin.key${index}`]: index }) as Partial<SessionSettings>;
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 === 0 ? first : second).updateSettings('s1', patch(index)),
      ),
    );
    await first.synchronize();
    expect(Object.keys(first.getSettings('s1') ?? {})).toHaveLength(40);
  });

  it('[DEL-1] deletes children at every level, emits session:deleted with the deleted generation, clears memory', async () => {
    const schema = uniqueSchema();
    const deleted: SessionDeletedEvent[] = [];
    const cleared: string[][] = [];
    const manager = await open(schema, {
      emitDeleted: (event) => {
        deleted.push(event);
      },
      runMemoryClear: async (sessionIds) => {
        cleared.push([...sessionIds]);
      },
    });
    const other = await open(schema);
    await manager.ensureSession({ id: 'parent' });
    await manager.ensureSession({ id: 'child', kind: 'subtask', parentId: 'parent' });
    await manager.ensureSession({ id: 'grandchild', kind: 'subtask', parentId: 'child' });
    await manager.ensureSession({ id: 'unrelated' });
    await manager.deleteSessions(['parent']);
    expect(deleted.map((event) => event.sessionId).sort()).toEqual(['child', 'grandchild', 'parent']);
    expect(deleted.every((event) => event.generation === 0)).toBe(true);
    expect(cleared.flat().sort()).toEqual(['child', 'grandchild', 'parent']);
    await other.synchronize();
    expect(other.listSessions().map((session) => session.id)).toEqual(['unrelated']);
    expect(['parent', 'child', 'grandchild'].map((id) => other.generationOf(id))).toEqual([1, 1, 1]);
  });

  it('rejects bad arguments and options that do not fit as TypeErrors', async () => {
    const manager = await open(uniqueSchema());
    await expect(manager.ensureSession({ id: '' })).rejects.toThrow(TypeError);
    await expect(manager.deleteSessions([''])).rejects.toThrow(TypeError);
    await expect(open('Bad-Schema')).rejects.toThrow(TypeError);
    await expect(open(uniqueSchema(), { poolSize: 1 })).rejects.toThrow(/at least 2/);
  });
});
