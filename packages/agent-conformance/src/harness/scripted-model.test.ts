import { ChatAbortedError, type ChatDelta, ChatFailedError } from '@aalis/api-llm';
import { describe, expect, test } from 'vitest';
import { createGate, DEFAULT_MODEL_REF, UnscriptedCallError } from '../testing/index';
import { describeModelStep } from './describe-model-step';
import { createHarness } from './index';

async function modelOf() {
  const harness = createHarness();
  const model = await harness.services.llm.resolveModel();
  return { harness, model: model! };
}

describe('the scripted model', () => {
  test('answers calls in order with text, tool calls, usage and streamed deltas, recording each request', async () => {
    const { harness, model } = await modelOf();
    harness.model.script([
      { text: 'hello', deltas: ['hel', 'lo'], usage: { promptTokens: 12 } },
      { toolCalls: [{ name: 'lookup', arguments: { q: 1 } }] },
    ]);
    const deltas: ChatDelta[] = [];
    const first = await harness.services.llm.chat({
      model,
      messages: [{ role: 'user', content: 'hi' }],
      onDelta: (delta) => deltas.push(delta),
    });
    const second = await harness.services.llm.chat({ model, messages: [] });
    expect(first).toMatchObject({
      content: 'hello',
      toolCalls: [],
      usage: { promptTokens: 12 },
      finishReason: 'stop',
    });
    expect(deltas).toEqual([
      { type: 'content', text: 'hel' },
      { type: 'content', text: 'lo' },
    ]);
    expect(second.toolCalls).toEqual([{ id: 'call-1', name: 'lookup', arguments: '{"q":1}' }]);
    expect(second.usage).toBeUndefined();
    expect(harness.model.requests.map((call) => [call.state, call.modelRef, call.messages.length])).toEqual([
      ['resolved', DEFAULT_MODEL_REF, 1],
      ['resolved', DEFAULT_MODEL_REF, 0],
    ]);
  });

  test('holds an answer for a gate and rejects with ChatAbortedError when the signal aborts', async () => {
    const { harness, model } = await modelOf();
    const gate = createGate();
    const [held, waiting] = harness.model.script([{ waitFor: gate, text: 'late' }, { untilAborted: true }]);
    const first = harness.services.llm.chat({ model, messages: [] });
    await held!.started;
    expect(harness.model.openCalls()).toBe(1);
    gate.open();
    await expect(first).resolves.toMatchObject({ content: 'late' });
    const controller = new AbortController();
    const second = harness.services.llm.chat({ model, messages: [], signal: controller.signal });
    await waiting!.started;
    controller.abort();
    await expect(second).rejects.toSatisfy((error) => ChatAbortedError.isInstance(error));
    expect(waiting!.call?.aborted).toBe(true);
    expect(harness.model.openCalls()).toBe(0);
  });

  test('a step that ignores the abort keeps its call open past it and answers once its gate opens', async () => {
    const { harness, model } = await modelOf();
    const gate = createGate();
    const [deaf] = harness.model.script([{ waitFor: gate, text: 'late anyway', ignoresAbort: true }]);
    const controller = new AbortController();
    const call = harness.services.llm.chat({ model, messages: [], signal: controller.signal });
    await deaf!.started;
    controller.abort();
    await new Promise((resolve) => setImmediate(resolve));
    expect(harness.model.openCalls()).toBe(1);
    expect(deaf!.call?.aborted).toBe(true);
    gate.open();
    await expect(call).resolves.toMatchObject({ content: 'late anyway' });
    expect(describeModelStep({ untilAborted: true, ignoresAbort: true })).toBe(
      'never answers (it ignores its signal)',
    );
    expect(describeModelStep({ waitFor: createGate(), ignoresAbort: true, text: 'x' })).toBe(
      'waits for a gate the case opens later, ignoring its signal, then replies "x"',
    );
  });

  test('throws a ChatFailedError for a throwing step', async () => {
    const { harness, model } = await modelOf();
    harness.model.script([{ throws: 'down' }]);
    await expect(harness.services.llm.chat({ model, messages: [] })).rejects.toSatisfy((error) =>
      ChatFailedError.isInstance(error),
    );
  });

  test('streams the deltas of a throwing step before it throws, and none without them', async () => {
    const { harness, model } = await modelOf();
    harness.model.script([
      { deltas: ['part '], throws: 'broke off' },
      { text: 'unsent', throws: 'down' },
    ]);
    const deltas: unknown[] = [];
    const onDelta = (delta: unknown) => void deltas.push(delta);
    await expect(harness.services.llm.chat({ model, messages: [], onDelta })).rejects.toThrow('broke off');
    expect(deltas).toEqual([{ type: 'content', text: 'part ' }]);
    await expect(harness.services.llm.chat({ model, messages: [], onDelta })).rejects.toThrow('down');
    expect(deltas).toHaveLength(1);
  });

  test('rejects an unscripted call and records it as a fault', async () => {
    const { harness, model } = await modelOf();
    await expect(harness.services.llm.chat({ model, messages: [] })).rejects.toSatisfy((error) =>
      UnscriptedCallError.isInstance(error),
    );
    expect(harness.faults.map((fault) => fault.kind)).toEqual(['unscripted-call']);
  });

  test('gives a step with match only to a request it accepts', async () => {
    const { harness, model } = await modelOf();
    harness.model.script([
      { text: 'for b', match: (request) => request.messages.some((message) => message.content === 'b') },
      { text: 'any' },
    ]);
    const answer = await harness.services.llm.chat({ model, messages: [{ role: 'user', content: 'a' }] });
    expect(answer.content).toBe('any');
  });

  test('resolves defined models, a default, and none once the default is unset', async () => {
    const harness = createHarness({ model: { vision: true, contextWindow: 1000 } });
    harness.model.define({ ref: 'other/big', capabilities: { contextWindow: 9000 } });
    expect((await harness.services.llm.resolveModel())?.capabilities).toMatchObject({
      vision: true,
      contextWindow: 1000,
    });
    expect(await harness.services.llm.resolveModel('other/big')).toMatchObject({
      provider: 'other',
      model: 'big',
    });
    expect(await harness.services.llm.resolveModel('missing/model')).toBeUndefined();
    harness.model.setDefault(undefined);
    expect(await harness.services.llm.resolveModel()).toBeUndefined();
  });

  test('makes the next resolveModel hang on request, and the one after it answer', async () => {
    const harness = createHarness();
    harness.model.hangNextResolve();
    let settled = false;
    void harness.services.llm.resolveModel().then(() => {
      settled = true;
    });
    expect(await harness.services.llm.resolveModel()).toMatchObject({ ref: DEFAULT_MODEL_REF });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
  });
});
