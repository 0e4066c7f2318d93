import {
  type SessionClearingAgent,
  type SessionDeletedEvent,
  SessionSettingsNotFoundError,
  SessionSettingsRefusedError,
} from '@aalis/api-session-manager';
import { describe, expect, it } from 'vitest';
import { createSessionManager } from './index';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('createSessionManager', () => {
  it('creates a session once, with kind console by default, and lists sessions in creation order', () => {
    const sessions = createSessionManager({ now: () => 1000 });
    const info = sessions.ensureSession({ id: 'a', platform: 'cli' });
    expect(info).toEqual({ id: 'a', kind: 'console', platform: 'cli', createdAt: 1000 });
    expect(sessions.ensureSession({ id: 'a', kind: 'room' })).toBe(info);
    sessions.ensureSession({ id: 'b', kind: 'room' });
    expect(sessions.listSessions().map((session) => [session.id, session.kind])).toEqual([
      ['a', 'console'],
      ['b', 'room'],
    ]);
    expect(sessions.getSession('c')).toBeUndefined();
    expect(() => sessions.ensureSession({ id: '' })).toThrow(TypeError);
  });

  it('[SET-2] keeps per-session settings and merges written patches', async () => {
    const sessions = createSessionManager();
    sessions.ensureSession({ id: 'a', settings: { historyLimit: 10 } });
    await sessions.updateSettings('a', { model: 'demo/scripted', maxToolIterations: 2 });
    expect(sessions.getSettings('a')).toEqual({
      historyLimit: 10,
      model: 'demo/scripted',
      maxToolIterations: 2,
    });
    const copy = sessions.getSettings('a');
    if (copy !== undefined) copy.model = 'changed';
    expect(sessions.getSettings('a')?.model).toBe('demo/scripted');
  });

  it('[SET-1] rejects a write to a session without settings, and one that is refused', async () => {
    const sessions = createSessionManager();
    sessions.ensureSession({ id: 'none', settings: null });
    sessions.ensureSession({ id: 'locked', readOnly: true });
    sessions.ensureSession({ id: 'open' });
    expect(
      SessionSettingsNotFoundError.isInstance(
        await rejection(sessions.updateSettings('none', { model: 'm' })),
      ),
    ).toBe(true);
    expect(
      SessionSettingsNotFoundError.isInstance(await rejection(sessions.updateSettings('ghost', {}))),
    ).toBe(true);
    expect(
      SessionSettingsRefusedError.isInstance(
        await rejection(sessions.updateSettings('locked', { model: 'm' })),
      ),
    ).toBe(true);
    for (const patch of [{ model: ' ' }, { historyLimit: -1 }, { maxToolIterations: 1.5 }]) {
      const error = await rejection(sessions.updateSettings('open', patch));
      expect(SessionSettingsRefusedError.isInstance(error)).toBe(true);
    }
    expect(sessions.getSettings('open')).toEqual({});
  });

  it('records the last turn of a session', () => {
    const sessions = createSessionManager();
    sessions.ensureSession({ id: 'a' });
    sessions.recordLastTurn('a', { turnId: 't1', outcome: 'error', error: 'boom', at: 5 });
    expect(sessions.getSession('a')?.lastTurn).toEqual({
      turnId: 't1',
      outcome: 'error',
      error: 'boom',
      at: 5,
    });
    sessions.recordLastTurn('ghost', { turnId: 't2', outcome: 'replied', at: 6 });
    expect(sessions.getSession('ghost')).toBeUndefined();
  });

  it('[DEL-2] advances the generation of deleted sessions and their children before the agent clears', async () => {
    const steps: string[] = [];
    const deleted: SessionDeletedEvent[] = [];
    const sessions = createSessionManager({
      agent: () => agent,
      emitDeleted: (event) => {
        steps.push(`deleted ${event.sessionId}`);
        deleted.push(event);
      },
      runMemoryClear: async (ids) => {
        steps.push(`memory:clear ${ids.join(',')}`);
      },
    });
    const agent: SessionClearingAgent = {
      clearing: async (ids, clear) => {
        steps.push(`clearing ${ids?.join(',')} at generation ${sessions.generationOf('parent')}`);
        await clear();
        steps.push('released');
      },
    };
    sessions.ensureSession({ id: 'parent' });
    sessions.ensureSession({ id: 'child', parentId: 'parent' });
    sessions.ensureSession({ id: 'grandchild', parentId: 'child' });
    sessions.ensureSession({ id: 'other' });
    expect(sessions.generationOf('parent')).toBe(0);
    await sessions.deleteSessions(['parent']);
    expect(steps).toEqual([
      'clearing parent at generation 1',
      'deleted child',
      'deleted grandchild',
      'deleted parent',
      'memory:clear child,grandchild,parent',
      'released',
    ]);
    expect(deleted).toEqual([
      { sessionId: 'child', generation: 0 },
      { sessionId: 'grandchild', generation: 0 },
      { sessionId: 'parent', generation: 0 },
    ]);
    expect(sessions.generationOf('child')).toBe(1);
    expect(sessions.listSessions().map((session) => session.id)).toEqual(['other']);
  });

  it('deletes without an agent by running the cleanup directly', async () => {
    const cleared: (readonly string[])[] = [];
    const sessions = createSessionManager({ runMemoryClear: async (ids) => void cleared.push(ids) });
    sessions.ensureSession({ id: 'a' });
    await sessions.deleteSessions(['a']);
    expect(cleared).toEqual([['a']]);
    expect(sessions.getSession('a')).toBeUndefined();
    expect(sessions.generationOf('a')).toBe(1);
  });
});
