import { createScriptedModel, DEFAULT_MODEL_REF } from '@aalis/agent-conformance/testing';
import { WellKnownMetadataKeys } from '@aalis/schema-message';
import { describe, expect, it } from 'vitest';
import { agentApp } from './support/agent-app';

const input = (content: string, extra: Record<string, unknown> = {}) => ({
  content,
  sessionId: 's1',
  platform: 'test',
  userId: 'u1',
  ...extra,
});

describe('the default agent in an app', () => {
  it('[SVC-4] [OUT-1] answers through the business handle and persists the reply with its turn record', async () => {
    const model = createScriptedModel({ steps: [{ text: 'Hello there.', usage: { promptTokens: 42 } }] });
    const harness = agentApp({ llm: model.service });
    await harness.agent.handleMessage(input('hi'));
    const replies = harness.of('outbound:message').map((event) => event.message.content);
    expect(replies).toEqual(['Hello there.']);
    const stored = await harness.store.list('s1');
    expect(stored.map((message) => [message.role, message.content])).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hello there.'],
    ]);
    const turnId = stored[0]?.metadata[WellKnownMetadataKeys.TurnId];
    expect(turnId).toEqual(expect.any(String));
    expect(stored[1]?.metadata[WellKnownMetadataKeys.TurnRecord]).toEqual({ outcome: 'replied' });
    expect(harness.of('token:usage')).toMatchObject([{ turnId, used: 42, snapshot: false }]);
    expect(harness.of('outbound:stream').filter((event) => event.chunk.type === 'end')).toEqual([
      { chunk: { type: 'end', sessionId: 's1', turnId } },
    ]);
    expect(harness.logLines.some((line) => line.includes(`turn ${turnId} of s1 ended: replied`))).toBe(true);
  });

  it('[ARC-3] records its own identity on the platform of the turn, configured as a map by platform', async () => {
    const model = createScriptedModel({
      steps: [{ text: 'on test' }, { text: 'on qq' }, { text: 'nowhere' }],
    });
    const harness = agentApp({
      llm: model.service,
      config: { selfIdentity: { test: { userId: 'bot-test' }, qq: { userId: '10001', nickname: 'Aalis' } } },
    });
    await harness.agent.handleMessage(input('a'));
    await harness.agent.handleMessage(input('b', { sessionId: 's2', platform: 'qq' }));
    await harness.agent.handleMessage(input('c', { sessionId: 's3', platform: 'constructor' }));
    const identityOf = async (sessionId: string) =>
      (await harness.store.list(sessionId)).at(-1)?.metadata[WellKnownMetadataKeys.SelfIdentity];
    expect(await identityOf('s1')).toEqual({ userId: 'bot-test' });
    expect(await identityOf('s2')).toEqual({ userId: '10001', nickname: 'Aalis' });
    // A platform with no entry records none, even one named like an Object.prototype member.
    expect(await identityOf('s3')).toBeUndefined();
    const misconfigured = agentApp({ llm: model.service, config: { selfIdentity: 'bot' as never } });
    expect(String(misconfigured.errors[0])).toMatch(/selfIdentity must be a map by platform/);
  });

  it('[SVC-3] rejects an invalid input with a validation error naming the field, archiving nothing', async () => {
    const model = createScriptedModel();
    const harness = agentApp({ llm: model.service });
    await expect(
      harness.agent.handleMessage({ ...input('x'), sessionId: 42 } as never),
    ).rejects.toMatchObject({
      code: 'INVALID_INCOMING_MESSAGE',
      field: 'sessionId',
    });
    expect(await harness.store.list('s1')).toEqual([]);
    expect(model.requests).toEqual([]);
  });

  it('[SVC-5] runs and replies with no archive and no memory present', async () => {
    const model = createScriptedModel({ steps: [{ text: 'No memory needed.' }] });
    const harness = agentApp({ llm: model.service, archive: false });
    const turns: unknown[] = [];
    harness.hooks.middleware('agent:turn:after', async (payload, next) => {
      turns.push({ outcome: payload.outcome, archived: payload.inputs.map((item) => item.archived) });
      await next();
    });
    await harness.agent.handleMessage(input('hi'));
    expect(harness.of('outbound:message').map((event) => event.message.content)).toEqual([
      'No memory needed.',
    ]);
    expect(turns).toEqual([{ outcome: 'replied', archived: [undefined] }]);
  });

  it('[USG-8] [TID-4] answers token:request with a snapshot per session, without a model call or turn id', async () => {
    const model = createScriptedModel({ steps: [{ text: 'ok' }] });
    const harness = agentApp({ llm: model.service, config: { systemPrompt: 'You are helpful.' } });
    await harness.agent.handleMessage(input('hi'));
    const callsBefore = model.requests.length;
    await harness.events.emit('token:request', {});
    const snapshots = harness.of('token:usage').filter((event) => event.snapshot);
    expect(model.requests.length).toBe(callsBefore);
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]).not.toHaveProperty('turnId');
    expect(snapshots[0]).toMatchObject({ sessionId: 's1', historyMessages: 2, model: DEFAULT_MODEL_REF });
    expect(snapshots[0]?.breakdown.system).toBeGreaterThan(0);
  });
});
