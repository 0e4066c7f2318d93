import type { ChatResponse, LlmService } from '@aalis/api-llm';
import { describe, expect, it } from 'vitest';
import {
  HookRunError,
  ModelCallError,
  PersistenceError,
  ToolServiceError,
  TurnFailedError,
} from '../src/index';
import { deferred, flush } from './support/deferred';
import { createHarness } from './support/harness';
import { clockTool, weatherTool } from './support/tools';

describe('faults', () => {
  it('a model that throws ends the turn as error with the notice; earlier calls kept their usage', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { throws: new Error('rate limited') }],
      tools: [clockTool()],
    });
    const result = await harness.run();
    expect(result).toMatchObject({
      outcome: 'error',
      error: '[错误] 模型调用失败：rate limited。',
      modelCalls: 1,
    });
    expect(harness.emitted('token:usage')).toHaveLength(1);
    expect(harness.persistence.callsOf('persistToolGroup')).toHaveLength(1);
  });

  it('a model that hangs until aborted ends the turn as aborted once the turn signal aborts', async () => {
    const harness = await createHarness({ steps: [{ untilAborted: true }] });
    const running = harness.run();
    await flush();
    expect(harness.model.openCalls()).toBe(1);
    harness.controller.abort();
    expect((await running).outcome).toBe('aborted');
    expect(harness.model.openCalls()).toBe(0);
    expect(harness.emitted('token:usage')).toEqual([]);
  });

  it('a model that ignores the signal cannot hold the turn: the abort ends it all the same', async () => {
    const harness = await createHarness({ steps: [{ untilAborted: true, ignoresAbort: true }] });
    const running = harness.run();
    await flush();
    harness.controller.abort();
    expect((await running).outcome).toBe('aborted');
  });

  it('a tool that throws gives the model a failed result with its call id, and the turn goes on', async () => {
    const harness = await createHarness({
      steps: [
        { toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Atlantis' } }] },
        { text: 'Could not find it.' },
      ],
      tools: [weatherTool([{ throws: 'city not found' }])],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('replied');
    const toolMessage = harness.model.requests[1]?.messages.at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', toolCallId: 'c1' });
    expect(toolMessage?.content).toMatch(/weather failed: city not found/);
    const stored = harness.persistence.messages.find((message) => message.role === 'tool');
    expect(stored?.metadata.callId).toEqual(expect.any(String));
  });

  it('a tool service that fails outside any tool ends the turn as error with the notice', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }],
      tools: [clockTool()],
    });
    const result = await harness.run({
      tools: {
        listTools: (context) => harness.tools.service.listTools(context),
        execute: () => Promise.reject(new Error('service unavailable')),
      },
    });
    expect(result.outcome).toBe('error');
    expect(ToolServiceError.isInstance(result.failure)).toBe(true);
    expect(result.error).toBe('[错误] 工具 clock 调用失败：service unavailable。');
    expect(harness.persistence.callsOf('persistToolGroup')).toEqual([]);
  });

  it('a tool that hangs until aborted gets the aborted signal and the turn ends as aborted', async () => {
    const harness = await createHarness({ steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }] });
    const clock = harness.tools.define(clockTool([{ untilAborted: true }]));
    const running = harness.run();
    const call = await clock.started();
    harness.controller.abort();
    const result = await running;
    expect(result.outcome).toBe('aborted');
    expect(call.context.signal.aborted).toBe(true);
    expect(harness.model.requests).toHaveLength(1);
    expect(harness.persistence.callsOf('persistToolGroup')).toEqual([]);
    expect(harness.emitted('outbound:message')).toEqual([]);
  });

  it('[LIV-1] a store write that never answers holds a stopped turn only until its grace signal aborts', async () => {
    const harness = await createHarness({ steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }] });
    harness.tools.define(clockTool());
    const written = deferred();
    harness.persistence.persistToolGroup = () => {
      written.resolve();
      return new Promise(() => undefined);
    };
    const grace = new AbortController();
    const options = harness.options();
    let settled = false;
    const running = harness.run({ turn: { ...options.turn, graceSignal: grace.signal } }).finally(() => {
      settled = true;
    });
    await written.promise;
    harness.controller.abort();
    await flush();
    // The write in flight is still waited for after the stop: nothing may land after its marker.
    expect(settled).toBe(false);
    grace.abort();
    expect((await running).outcome).toBe('aborted');
    expect(harness.emitted('outbound:message')).toEqual([]);
  });

  it('rejects a grace signal that is not an AbortSignal', async () => {
    const harness = await createHarness({ steps: [{ text: 'never asked' }] });
    const options = harness.options();
    const turn = { ...options.turn, graceSignal: 'soon' as unknown as AbortSignal };
    await expect(harness.run({ turn })).rejects.toThrow('turn.graceSignal must be an AbortSignal');
  });

  it('a hook middleware that throws is isolated: the turn replies and the failure is reported', async () => {
    const harness = await createHarness({ steps: [{ text: 'still here' }] });
    const keys = ['agent:llm:before', 'agent:llm:after', 'agent:reply:before'] as const;
    for (const key of keys) {
      harness.hooks.middleware(key, () => {
        throw new Error(`${key} broke`);
      });
    }
    const result = await harness.run();
    expect(result.outcome).toBe('replied');
    // The hooks service reported each failing middleware (HOOK_MIDDLEWARE_FAILED) to its onError.
    expect(harness.faults).toEqual(
      keys.map((key) => ({ kind: 'hook-middleware', message: expect.stringContaining(`${key} broke`) })),
    );
  });

  it('a hooks service that cannot run a hook ends the turn as error', async () => {
    const harness = await createHarness({ steps: [] });
    const result = await harness.run({
      hooks: { run: () => Promise.reject(new Error('no hooks provider')) },
    });
    expect(HookRunError.isInstance(result.failure)).toBe(true);
    expect(result.error).toBe('[错误] 钩子 agent:llm:before 运行失败：no hooks provider。');
  });

  it('malformed tool-call JSON from the model is fed back as a failed result and the model can try again', async () => {
    const harness = await createHarness({
      steps: [
        { toolCalls: [{ id: 'bad', name: 'weather', arguments: '{"city": "Par' }] },
        { toolCalls: [{ id: 'good', name: 'weather', arguments: { city: 'Paris' } }] },
        { text: 'Sunny.' },
      ],
      tools: [weatherTool()],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('replied');
    expect(harness.model.requests[1]?.messages.at(-1)?.content).toMatch(
      /^Error: invalid arguments for tool "weather": the arguments are not valid JSON/,
    );
    expect(harness.tools.calls.map((call) => call.args)).toEqual([{ city: 'Paris' }]);
  });

  it('a huge tool result is truncated with a marker before the model and the archive see it', async () => {
    const huge = 'x'.repeat(100_000);
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'ok' }],
      tools: [clockTool([{ result: huge }])],
      limits: { maxToolResultChars: 1_000 },
    });
    await harness.run();
    const sent = harness.model.requests[1]?.messages.at(-1)?.content ?? '';
    expect(sent.length).toBeLessThanOrEqual(1_000);
    expect(sent).toMatch(/\[truncated: \d+ of 100000 characters omitted\]$/);
    expect(harness.persistence.messages.find((message) => message.role === 'tool')?.content).toBe(sent);
  });

  it('an archive that fails ends the turn as error with the notice', async () => {
    const harness = await createHarness({
      steps: [{ toolCalls: [{ id: 'c1', name: 'clock' }] }],
      tools: [clockTool()],
    });
    harness.persistence.failures.set('persistToolGroup', new Error('disk full'));
    const result = await harness.run();
    expect(PersistenceError.isInstance(result.failure)).toBe(true);
    expect(result.error).toBe('[错误] 保存对话记录失败：disk full。');
  });

  it('an archive that cannot be read ends the turn as error with a notice worded as a read failure', async () => {
    const harness = await createHarness({ steps: [] });
    harness.persistence.failures.set('history', new Error('file is not a database'));
    const result = await harness.run();
    expect(PersistenceError.isInstance(result.failure) && result.failure.access).toBe('read');
    expect(result.error).toBe('[错误] 读取对话记录失败：file is not a database。');
  });

  it('a prompt assembler that throws is reported and the call goes on without its blocks', async () => {
    const harness = await createHarness({ steps: [{ text: 'ok' }] });
    const result = await harness.run({
      assembler: {
        assemble: () => {
          throw new Error('contribution broke');
        },
      },
    });
    expect(result.outcome).toBe('replied');
    expect(harness.errors).toEqual([new Error('contribution broke')]);
  });

  it('an event listener that throws is isolated and the turn replies', async () => {
    const harness = await createHarness({ steps: [{ text: 'ok' }] });
    harness.bus.on('token:usage', () => {
      throw new Error('listener broke');
    });
    expect((await harness.run()).outcome).toBe('replied');
    expect(harness.faults).toEqual([
      { kind: 'listener', message: 'a listener of token:usage failed: listener broke' },
    ]);
  });

  it('a model service that resolves with no response ends the turn as error with the notice', async () => {
    const harness = await createHarness({ steps: [] });
    const chat = (async () => undefined) as unknown as LlmService['chat'];
    const result = await harness.run({ llm: { ...harness.model.service, chat } });
    expect(result).toMatchObject({ outcome: 'error', modelCalls: 0 });
    expect(result.error).toMatch(/^\[错误\]/);
    expect(ModelCallError.isInstance(result.failure)).toBe(true);
    expect(harness.persistence.callsOf('persistReply')).toEqual([]);
  });

  it('a response with no text and no list of tool calls is read as an empty answer: the turn is silent', async () => {
    const harness = await createHarness({ steps: [] });
    const malformed = { content: null, toolCalls: 'clock' } as unknown as ChatResponse;
    const result = await harness.run({ llm: { ...harness.model.service, chat: async () => malformed } });
    expect(result).toMatchObject({ outcome: 'silent', modelCalls: 1, toolCalls: 0 });
    expect(harness.emitted('outbound:message')).toEqual([]);
  });

  it('a response an agent:llm:after middleware left malformed is read the same way as one from the model', async () => {
    const harness = await createHarness({ steps: [{ text: 'draft' }] });
    harness.hooks.middleware('agent:llm:after', async (payload, next) => {
      payload.response = { content: 'checked', toolCalls: null } as unknown as ChatResponse;
      await next();
    });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'replied', replyContent: 'checked', toolCalls: 0 });
  });

  it('an agent:llm:after middleware that drops the response ends the turn as error, not the process', async () => {
    const harness = await createHarness({ steps: [{ text: 'draft' }] });
    harness.hooks.middleware('agent:llm:after', async (payload, next) => {
      (payload as { response: unknown }).response = undefined;
      await next();
    });
    const result = await harness.run();
    expect(result.outcome).toBe('error');
    expect(TurnFailedError.isInstance(result.failure)).toBe(true);
    expect(result.error).toMatch(/^\[错误\]/);
    expect(harness.persistence.callsOf('persistReply')).toEqual([]);
  });
});
