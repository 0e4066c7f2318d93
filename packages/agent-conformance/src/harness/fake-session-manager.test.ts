import { SessionSettingsNotFoundError, SessionSettingsRefusedError } from '@aalis/api-session-manager';
import { describe, expect, test } from 'vitest';
import { createHarness } from './index';

describe('the fake session manager', () => {
  test('keeps kinds, settings and generations', async () => {
    const harness = createHarness();
    harness.sessions.create({ id: 'room', kind: 'room', platform: 'qq', settings: { historyLimit: 3 } });
    const sessions = harness.services.sessions;
    expect(sessions.getSession('room')).toMatchObject({ kind: 'room', platform: 'qq' });
    await sessions.updateSettings('room', { model: 'm' });
    expect(sessions.getSettings('room')).toEqual({ historyLimit: 3, model: 'm' });
    expect(sessions.generationOf('room')).toBe(0);
    expect(harness.sessions.advanceGeneration('room')).toBe(0);
    expect(sessions.generationOf('room')).toBe(1);
    expect(sessions.generationOf('never-created')).toBe(0);
  });

  test('refuses settings writes for sessions without settings or read-only ones, recording each', async () => {
    const harness = createHarness();
    harness.sessions.create({ id: 'none', settings: null });
    harness.sessions.create({ id: 'locked', readOnly: true });
    await expect(harness.services.sessions.updateSettings('none', { model: 'm' })).rejects.toSatisfy(
      (error) => SessionSettingsNotFoundError.isInstance(error),
    );
    await expect(harness.services.sessions.updateSettings('locked', { model: 'm' })).rejects.toSatisfy(
      (error) => SessionSettingsRefusedError.isInstance(error),
    );
    expect(harness.sessions.settingsWrites.map((write) => write.outcome)).toEqual(['not-found', 'refused']);
  });

  test('deletes sessions and their children, emitting session:deleted and running memory:clear', async () => {
    const harness = createHarness();
    harness.sessions.create({ id: 'parent' });
    harness.sessions.create({ id: 'child', parentId: 'parent' });
    const cleared: unknown[] = [];
    harness.hooks.middleware('memory:clear', async (payload, next) => {
      cleared.push(payload.sessionIds);
      await next();
    });
    await harness.sessions.deleteSessions(['parent']);
    expect(harness.events.of('session:deleted').map((event) => event.payload)).toEqual([
      { sessionId: 'child', generation: 0 },
      { sessionId: 'parent', generation: 0 },
    ]);
    expect(cleared).toEqual([['child', 'parent']]);
    expect(harness.services.sessions.getSession('parent')).toBeUndefined();
    expect(harness.services.sessions.generationOf('parent')).toBe(1);
  });
});
