import { createGate, createScriptedModel } from '@aalis/agent-conformance/testing';
import { describe, expect, it } from 'vitest';
import { DrainDeadlineError, InputTooLargeError } from '../src/index';
import { agentApp } from './support/agent-app';
import { deferred } from './support/deferred';

const input = (content: string, sessionId = 's1', extra: Record<string, unknown> = {}) => ({
  content,
  sessionId,
  platform: 'test',
  userId: 'u1',
  ...extra,
});

/** A promise that never settles: the hung plugin code. */
const never = <TValue = void>() => new Promise<TValue>(() => undefined);

/** A short grace time, so hung code is abandoned quickly in these tests. */
const config = { stopGraceMs: 20 };

function streamEnds(harness: ReturnType<typeof agentApp>, sessionId = 's1') {
  return harness
    .of('outbound:stream')
    .filter((event) => event.chunk.type === 'end' && event.chunk.sessionId === sessionId);
}

describe('inputs over the size limit', () => {
  it('[LIV-3] are refused with a [系统] notice, a stream end marker and an InputTooLargeError in the log; nothing is archived', async () => {
    const model = createScriptedModel();
    const harness = agentApp({ llm: model.service, config: { maxInputChars: 10 } });
    await expect(harness.agent.handleMessage(input('x'.repeat(11)))).resolves.toBeUndefined();
    expect(harness.of('outbound:message')).toEqual([
      {
        message: {
          sessionId: 's1',
          content: '[系统] 这条消息有 11 个字符，超过上限 10，没有处理。',
          kind: 'notice',
          platform: 'test',
        },
      },
    ]);
    expect(streamEnds(harness)).toEqual([{ chunk: { type: 'end', sessionId: 's1' } }]);
    const logged = harness.logEntries.find((entry) => InputTooLargeError.isInstance(entry.details?.error));
    expect(logged?.details?.error).toMatchObject({
      code: 'AGENT_INPUT_TOO_LARGE',
      characters: 11,
      limit: 10,
    });
    expect(model.requests).toEqual([]);
    expect(await harness.store.list('s1')).toEqual([]);
  });

  it('[LIV-3] an input exactly at the limit is processed', async () => {
    const model = createScriptedModel({ steps: [{ text: 'fits' }] });
    const harness = agentApp({ llm: model.service, config: { maxInputChars: 10 } });
    await harness.agent.handleMessage(input('x'.repeat(10)));
    expect(harness.of('outbound:message').map((event) => event.message.content)).toEqual(['fits']);
  });

  it('[LIV-3] the limit applies to the input as the preprocessors left it', async () => {
    const model = createScriptedModel();
    const harness = agentApp({ llm: model.service, config: { maxInputChars: 10 } });
    harness.agent.registerPreprocessor('expand', async (message, next) => {
      message.content = message.content.repeat(20);
      await next();
    });
    await harness.agent.handleMessage(input('short'));
    expect(harness.of('outbound:message')[0]?.message.kind).toBe('notice');
    expect(model.requests).toEqual([]);
  });
});

describe('hung hook middlewares and listeners', () => {
  it('[LIV-1] an agent:turn:after middleware that never settles is abandoned after abort, by name', async () => {
    const model = createScriptedModel({ steps: [{ text: 'done' }] });
    const harness = agentApp({ llm: model.service, config });
    const entered = deferred();
    harness.hooks.middleware(
      'agent:turn:after',
      () => {
        entered.resolve();
        return never();
      },
      { label: 'stuck-plugin' },
    );
    const pending = harness.agent.handleMessage(input('hi'));
    await entered.promise;
    expect(harness.agent.abort('s1')).toBe(true);
    await expect(pending).resolves.toBeUndefined();
    expect(harness.logLines).toContain('agent:turn:after middleware abandoned after the stop: stuck-plugin');
    expect(streamEnds(harness)).toHaveLength(1);
  });

  it('[LIV-1] an agent:turn:before middleware that never calls next is abandoned after abort: no turn, no model call', async () => {
    const model = createScriptedModel();
    const harness = agentApp({ llm: model.service, config });
    const entered = deferred();
    let release: (() => Promise<void>) | undefined;
    harness.hooks.middleware('agent:turn:before', (_payload, next) => {
      release = next;
      entered.resolve();
      return never();
    });
    const pending = harness.agent.handleMessage(input('hi'));
    await entered.promise;
    harness.agent.abort('s1');
    await expect(pending).resolves.toBeUndefined();
    await release?.();
    expect(model.requests).toEqual([]);
    expect(await harness.store.list('s1')).toEqual([]);
    expect(streamEnds(harness)).toHaveLength(1);
  });

  it('[LIV-1] an agent:input:before middleware that never calls next is dropped by abort with queued; a late next runs nothing', async () => {
    const model = createScriptedModel();
    const harness = agentApp({ llm: model.service, config });
    const entered = deferred();
    let release: (() => Promise<void>) | undefined;
    harness.hooks.middleware('agent:input:before', (_payload, next) => {
      release = next;
      entered.resolve();
      return never();
    });
    const pending = harness.agent.handleMessage(input('hi'));
    await entered.promise;
    harness.agent.abort('s1');
    await Promise.resolve();
    expect(streamEnds(harness)).toHaveLength(0);
    harness.agent.abort('s1', { queued: true });
    await expect(pending).resolves.toBeUndefined();
    await release?.();
    expect(model.requests).toEqual([]);
    expect(await harness.store.list('s1')).toEqual([]);
    expect(streamEnds(harness)).toHaveLength(1);
  });

  it('[LIV-1] an agent:input:before middleware that hangs after next is let go by a plain abort', async () => {
    const model = createScriptedModel({ steps: [{ text: 'answered' }] });
    const harness = agentApp({ llm: model.service, config });
    const after = deferred();
    harness.hooks.middleware('agent:input:before', async (_payload, next) => {
      await next();
      after.resolve();
      return never();
    });
    const pending = harness.agent.handleMessage(input('hi'));
    await after.promise;
    expect(harness.agent.abort('s1')).toBe(false);
    await expect(pending).resolves.toBeUndefined();
    expect(harness.of('outbound:message').map((event) => event.message.content)).toEqual(['answered']);
  });

  it('[LIV-1] an outbound:stream listener that never settles holds the turn only until the stop', async () => {
    const model = createScriptedModel({ steps: [{ text: 'streamed' }] });
    const harness = agentApp({ llm: model.service, config });
    const reached = deferred();
    harness.events.on('outbound:stream', ({ chunk }) => {
      if (chunk.type !== 'end') return undefined;
      reached.resolve();
      return never();
    });
    const pending = harness.agent.handleMessage(input('hi'));
    await reached.promise;
    harness.agent.abort('s1');
    await expect(pending).resolves.toBeUndefined();
  });

  it('[LIV-1] clearing completes although a turn hangs in agent:turn:after', async () => {
    const model = createScriptedModel({ steps: [{ text: 'done' }] });
    const harness = agentApp({ llm: model.service, config });
    const entered = deferred();
    harness.hooks.middleware('agent:turn:after', () => {
      entered.resolve();
      return never();
    });
    const pending = harness.agent.handleMessage(input('hi'));
    await entered.promise;
    let cleared = false;
    await harness.agent.clearing(['s1'], async () => {
      cleared = true;
    });
    expect(cleared).toBe(true);
    await expect(pending).resolves.toBeUndefined();
  });

  it('[LIV-1] a store that never answers the stop marker write is abandoned after the stop', async () => {
    const model = createScriptedModel();
    const [call] = model.script([{ untilAborted: true }]);
    const harness = agentApp({ llm: model.service, config });
    const original = harness.store.append.bind(harness.store);
    harness.store.append = (sessionId, messages) =>
      messages.some((message) => message.kind !== undefined) ? never<never>() : original(sessionId, messages);
    const pending = harness.agent.handleMessage(input('hi'));
    await call!.started;
    harness.agent.abort('s1');
    await expect(pending).resolves.toBeUndefined();
    expect(harness.logLines).toContain('turn record abandoned: the store did not answer after the stop');
  });
});

describe('drain', () => {
  it('[LIV-2] resolves at its deadline, settles every call and logs each abandoned piece as a DrainDeadlineError', async () => {
    const model = createScriptedModel({ steps: [{ text: 'done' }] });
    const harness = agentApp({ llm: model.service, config: { stopGraceMs: 60_000, drainDeadlineMs: 30 } });
    const entered = deferred();
    harness.hooks.middleware('agent:turn:after', () => {
      entered.resolve();
      return never();
    });
    const pending = harness.agent.handleMessage(input('hi'));
    await entered.promise;
    await harness.app.stop();
    await expect(pending).resolves.toBeUndefined();
    const logged = harness.logEntries.find((entry) => DrainDeadlineError.isInstance(entry.details?.error));
    const error = logged?.details?.error as DrainDeadlineError | undefined;
    expect(error?.code).toBe('AGENT_DRAIN_DEADLINE');
    expect(error?.abandoned).toHaveLength(1);
    expect(error?.abandoned[0]).toContain('s1');
  });
});

describe('admission', () => {
  it('[LIV-4] runs at most maxRunningTurns turns at once and opens the waiting ones oldest first', async () => {
    const gates = [createGate(), createGate(), createGate(), createGate()];
    // The i-th model call takes the i-th step, held until its gate opens.
    const model = createScriptedModel({ steps: gates.map((gate) => ({ waitFor: gate, text: 'ok' })) });
    const opened = () => model.requests.map((call) => String(call.messages.at(-1)?.content));
    const harness = agentApp({ llm: model.service, config: { maxRunningTurns: 2 } });
    const pending = ['a', 'b', 'c', 'd'].map((id) => harness.agent.handleMessage(input(`from ${id}`, id)));
    while (opened().length < 2) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened()).toEqual(['from a', 'from b']);
    gates[1]?.open();
    while (opened().length < 3) await new Promise((resolve) => setImmediate(resolve));
    expect(opened()).toEqual(['from a', 'from b', 'from c']);
    for (const gate of gates) gate.open();
    await Promise.all(pending);
    expect(opened()).toEqual(['from a', 'from b', 'from c', 'from d']);
  });
});
