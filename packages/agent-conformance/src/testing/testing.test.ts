import { ChatFailedError } from '@aalis/api-llm';
import { describe, expect, test } from 'vitest';
import {
  createActivity,
  createFakeSessionManager,
  createGate,
  createRecordingArchive,
  createRecordingEventBus,
  createRecordingHooks,
  createScriptedModel,
  createScriptedTools,
  UnscriptedCallError,
} from './index';

const context = {
  sessionId: 's1',
  turnId: 't1',
  callId: 'c1',
  platform: 'test',
  acceptsImages: false,
  signal: new AbortController().signal,
};

describe('the fakes of ./testing, on their own', () => {
  test('a scripted model takes its steps up front, records each request and rejects a call past the script', async () => {
    const model = createScriptedModel({ steps: [{ text: 'hello' }, { throws: 'down' }] });
    const resolved = (await model.service.resolveModel())!;
    const messages = [{ role: 'user' as const, content: 'hi' }];
    await expect(model.service.chat({ model: resolved, messages })).resolves.toMatchObject({
      content: 'hello',
    });
    await expect(model.service.chat({ model: resolved, messages })).rejects.toThrow(ChatFailedError);
    const third = model.service.chat({ model: resolved, messages });
    await expect(third).rejects.toThrow(UnscriptedCallError);
    await expect(third).rejects.toThrow(
      'model call #3 was not scripted by the case: it scripted 2 model call(s) and expected no more (last user message "hi")',
    );
    expect(model.requests.map((request) => request.state)).toEqual(['resolved', 'rejected', 'rejected']);
  });

  test('scripted tools take their definitions up front and record every execute', async () => {
    const gate = createGate();
    const tools = createScriptedTools({
      tools: [{ name: 'lookup', steps: [{ waitFor: gate, result: 'sunny' }] }],
    });
    const pending = tools.service.execute({ name: 'lookup', args: {}, toolCallContext: context });
    expect(tools.openCalls()).toBe(1);
    gate.open();
    await expect(pending).resolves.toMatchObject({ content: 'sunny' });
    expect(tools.calls.map((call) => call.state)).toEqual(['resolved']);
  });

  test('recording hooks, event bus, archive and session manager work without a harness', async () => {
    const hooks = createRecordingHooks();
    await hooks.service.run(
      'agent:input:before',
      { message: { content: 'x' } } as never,
      async () => undefined,
    );
    expect(hooks.runs.map((run) => run.name)).toEqual(['agent:input:before']);
    const bus = createRecordingEventBus();
    const heard: unknown[] = [];
    bus.service.on('agent:queue', (payload) => void heard.push(payload));
    await bus.service.emit('agent:queue', { sessionId: 's1', waiting: [] });
    expect(bus.of('agent:queue')).toHaveLength(1);
    expect(heard).toHaveLength(1);
    const archive = createRecordingArchive();
    await archive.service.append('s1', [{ role: 'assistant', content: 'stored' }]);
    expect(archive.messages('s1').map((message) => message.content)).toEqual(['stored']);
    const sessions = createFakeSessionManager();
    sessions.create({ id: 's1', settings: { model: 'a/b' } });
    await sessions.service.deleteSessions(['s1']);
    expect(sessions.service.generationOf('s1')).toBe(1);
  });

  test('fakes sharing one activity number their actions in one sequence', async () => {
    const activity = createActivity();
    const model = createScriptedModel({ activity, steps: [{ text: 'a' }] });
    const tools = createScriptedTools({ activity, tools: [{ name: 'lookup' }] });
    await tools.service.execute({ name: 'lookup', args: {}, toolCallContext: context });
    const resolved = (await model.service.resolveModel())!;
    await model.service.chat({ model: resolved, messages: [] });
    expect(tools.calls[0]!.seq).toBeLessThan(model.requests[0]!.seq);
  });
});
