import { describe, expect, it } from 'vitest';
import { ModelCallError, ModelUnavailableError } from '../src/index';
import { createHarness, roleAndContent } from './support/harness';
import { clockTool } from './support/tools';

describe('outcomes', () => {
  it('[OUT-1] replied: the final reply is persisted after the last model call and handed out', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'It is noon.' }],
      tools: [clockTool()],
    });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'replied', replyContent: 'It is noon.', modelCalls: 2 });
    expect(result.error).toBeUndefined();
    const methods = harness.persistence.calls.map((call) => call.method);
    expect(methods.at(-1)).toBe('persistReply');
    expect(harness.persistence.messages.at(-1)).toBe(result.reply);
    expect(harness.emitted('outbound:message').at(-1)?.message).toMatchObject({
      content: 'It is noon.',
      kind: 'reply',
      archivedMessageId: result.reply?.id,
    });
  });

  it('[OUT-1] silent: an empty answer persists and sends no reply and carries no error', async () => {
    const harness = await createHarness({ steps: [{ text: '   ' }] });
    const result = await harness.run();
    expect(result).toEqual({ outcome: 'silent', modelCalls: 1, usageEvents: 1, toolCalls: 0 });
    expect(harness.persistence.callsOf('persistReply')).toEqual([]);
    expect(harness.emitted('outbound:message')).toEqual([]);
  });

  it('[OUT-1] aborted: no final reply is persisted and no error is given', async () => {
    const harness = await createHarness({ steps: [{ untilAborted: true }] });
    const running = harness.run();
    harness.controller.abort(new Error('stop'));
    const result = await running;
    expect(result).toEqual({ outcome: 'aborted', modelCalls: 0, usageEvents: 0, toolCalls: 0 });
    expect(harness.persistence.callsOf('persistReply')).toEqual([]);
    expect(harness.emitted('outbound:message')).toEqual([]);
  });

  it('[OUT-2] error: the [错误] notice is sent to the session and is the error sentence; no reply is persisted', async () => {
    const harness = await createHarness({ steps: [{ throws: new Error('endpoint down\nstack…') }] });
    const result = await harness.run();
    expect(result.outcome).toBe('error');
    expect(result.error).toBe('[错误] 模型调用失败：endpoint down。');
    expect(ModelCallError.isInstance(result.failure)).toBe(true);
    expect(harness.emitted('outbound:message').map((event) => event.message)).toEqual([
      { sessionId: 's1', turnId: 'turn-1', platform: 'test', content: result.error, kind: 'notice' },
    ]);
    expect(harness.persistence.callsOf('persistReply')).toEqual([]);
  });

  it('[OUT-2] a model that cannot be resolved gives the [系统] notice without calling anything', async () => {
    const harness = await createHarness({ steps: [], model: null });
    const result = await harness.run();
    expect(result.outcome).toBe('error');
    expect(result.error).toMatch(/^\[系统\] /);
    expect(ModelUnavailableError.isInstance(result.failure)).toBe(true);
    expect(harness.emitted('outbound:message').map((event) => event.message.content)).toEqual([result.error]);
    expect(harness.persistence.calls).toEqual([]);
    expect(harness.lines.filter((line) => line.startsWith('hook'))).toEqual([]);
  });

  it('[OUT-2] custom notices replace the defaults, and a throwing one falls back to them', async () => {
    const custom = await createHarness({ steps: [{ throws: new Error('x') }] });
    expect((await custom.run({ notices: { failure: () => '[错误] 出了点问题。' } })).error).toBe(
      '[错误] 出了点问题。',
    );
    const throwing = await createHarness({ steps: [{ throws: new Error('x') }] });
    const result = await throwing.run({
      notices: {
        failure: () => {
          throw new Error('bad notice');
        },
      },
    });
    expect(result.error).toBe('[错误] 模型调用失败：x。');
    expect(throwing.errors).toHaveLength(1);
  });

  it('[SVC-5] without persistence the turn still runs and replies; nothing is archived', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'noon' }],
      tools: [clockTool()],
      withoutArchive: true,
    });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'replied', replyContent: 'noon' });
    expect(result.reply).toBeUndefined();
    expect(harness.inputs[0]?.archived).toBeUndefined();
    expect(roleAndContent(harness.model.requests[0]?.messages)).toEqual([{ role: 'user', content: 'hello' }]);
  });
});
