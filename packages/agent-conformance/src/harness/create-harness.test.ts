import { sessionManager } from '@aalis/api-session-manager';
import { describe, expect, test } from 'vitest';
import { createGate } from '../testing/index';
import { createHarness, HARNESS_PROVIDER } from './index';

describe('createHarness', () => {
  test('provides and selects every service an agent needs, archive and memory optional', () => {
    const harness = createHarness();
    for (const service of [
      harness.services.llm,
      harness.services.tools,
      harness.services.hooks,
      harness.services.sessions,
    ]) {
      expect(service).toBeDefined();
    }
    expect(harness.services.archive).toBeDefined();
    const bare = createHarness({ archive: false });
    expect(bare.services.archive).toBeUndefined();
    expect(bare.services.memory).toBeUndefined();
    expect(HARNESS_PROVIDER).toBe('conformance');
  });

  test('provides an archive without memory, or no session manager, when asked', async () => {
    const archiveOnly = createHarness({ memory: false });
    expect(archiveOnly.services.archive).toBeDefined();
    expect(archiveOnly.services.memory).toBeUndefined();
    const noSessions = createHarness({ sessionManager: false });
    expect(noSessions.app.providers(sessionManager).current).toBeUndefined();
    await expect(async () =>
      noSessions.services.sessions.updateSettings('s1', { model: 'x' }),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  test('records emitted events and hook runs on one sequence', async () => {
    const harness = createHarness();
    await harness.events.emit('outbound:stream', { chunk: { type: 'end', sessionId: 's1' } });
    const outcome = await harness.services.hooks.run(
      'agent:input:before',
      { message: harness.input({ sessionId: 's1', content: 'x' }) },
      () => 'done',
    );
    expect(outcome).toMatchObject({ blocked: false, result: 'done' });
    const [event] = harness.events.of('outbound:stream');
    const [run] = harness.hooks.of('agent:input:before');
    expect(event!.seq).toBeLessThan(run!.seq);
    expect(run!.defaultActionSeq).toBeGreaterThan(run!.seq);
    expect(run!.endSeq).toBeGreaterThan(run!.defaultActionSeq!);
  });

  test('builds deterministic valid inputs', () => {
    const harness = createHarness();
    const first = harness.input({ sessionId: 's1', content: 'a' });
    const second = harness.input({ sessionId: 's1', content: 'b', userId: 'u2' });
    expect(first).toMatchObject({ platform: 'conformance', userId: 'user-1', messageId: 'in-1' });
    expect(second).toMatchObject({ userId: 'u2', messageId: 'in-2' });
    expect(second.timestamp! - first.timestamp!).toBe(1);
  });

  test('contributes prompt blocks under the app or a named plugin and records each build view', async () => {
    const harness = createHarness();
    const fromApp = harness.contribute({ localId: 'a', bucket: 'system', label: 'A', build: () => 'a' });
    const fromPlugin = harness.contribute(
      { localId: 'b', bucket: 'skills', label: 'B', build: () => 'b' },
      { plugin: 'probe' },
    );
    expect(fromApp.key).toBe('app/a');
    expect(fromPlugin.key).toBe('probe#1/b');
    const listed = harness.services.contributions.list('agent:prompt');
    expect(listed.map((contribution) => contribution.key)).toEqual(['app/a', 'probe#1/b']);
    await listed[0]!.spec.build({
      sessionId: 's1',
      inputs: [],
      signal: new AbortController().signal,
      dryRun: true,
      messages: [],
    });
    expect(fromApp.views).toHaveLength(1);
  });

  test('until waits for a condition re-checked after each action, and settle for quiet', async () => {
    const harness = createHarness();
    const gate = createGate();
    let reached = false;
    const waiting = harness
      .until(() => gate.isOpen)
      .then(() => {
        reached = true;
      });
    await harness.settle();
    expect(reached).toBe(false);
    gate.open();
    harness.tick();
    await waiting;
    expect(reached).toBe(true);
  });

  test('a waiter for a recorded action sees it when no other action follows: a hook run, an event, a model call, a write', async () => {
    const harness = createHarness();
    const { hooks, events, llm, archive } = harness.services;
    harness.sessions.create({ id: 's1' });
    harness.model.script([{ waitFor: createGate(), text: 'never' }]);
    hooks.middleware('agent:turn:before', () => new Promise<void>(() => undefined));
    const waits = [
      harness.until(() => harness.hooks.of('agent:turn:before').length === 1),
      harness.until(() => harness.events.of('agent:queue').length === 1),
      harness.until(() => harness.model.requests.length === 1),
      harness.until(() => harness.archive.writes.length === 1),
    ];
    void hooks.run('agent:turn:before', { turnId: 't1', sessionId: 's1', inputs: [] }, async () => undefined);
    void events.emit('agent:queue', { sessionId: 's1', waiting: [] });
    const model = await llm.resolveModel();
    if (model === undefined) throw new Error('the harness resolves its default model');
    void llm.chat({ model, messages: [] }).catch(() => undefined);
    await archive?.append('s1', [{ role: 'assistant', content: 'hi' }]).catch(() => undefined);
    const seen = await Promise.race([
      Promise.all(waits).then(() => 'every wait resolved'),
      new Promise((resolve) => setTimeout(() => resolve('a wait missed its action'), 200)),
    ]);
    expect(seen).toBe('every wait resolved');
  });
});
