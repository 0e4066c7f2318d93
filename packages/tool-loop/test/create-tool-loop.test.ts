import { describe, expect, it } from 'vitest';
import { createToolLoop, type ToolLoopOptions, type ToolLoopRequest } from '../src/index';
import { createHarness, type Harness } from './support/harness';
import { clockTool } from './support/tools';

/** The harness's options split as an agent holds them: once for the loop, per turn for the request. */
function split(harness: Harness): { options: ToolLoopOptions; request: ToolLoopRequest } {
  const { turn, session, model, persistence, ...options } = harness.options();
  return {
    options,
    request: { turn, session, model, ...(persistence === undefined ? {} : { persistence }) },
  };
}

describe('createToolLoop', () => {
  it('[SVC-1] one loop runs the turns it is handed, each with its own data only', async () => {
    const first = await createHarness({ steps: [{ text: 'first reply' }, { text: 'second reply' }] });
    const second = await createHarness({ steps: [], inputs: ['another question'] });
    const loop = createToolLoop(split(first).options);
    const one = await loop.run(split(first).request);
    const two = await loop.run({ ...split(second).request, model: first.resolvedModel });
    expect([one.outcome, two.outcome]).toEqual(['replied', 'replied']);
    expect(first.model.requests).toHaveLength(2);
    expect(first.model.requests.map((request) => request.messages.at(-1)?.content)).toEqual([
      'hello',
      'another question',
    ]);
    expect([one.replyContent, two.replyContent]).toEqual(['first reply', 'second reply']);
    expect(second.persistence.messages.map((message) => message.content)).toContain('second reply');
    expect(second.model.requests).toHaveLength(0);
  });

  it('reads the tool service when each turn starts, so one that comes later serves the next turn', async () => {
    const harness = await createHarness({
      steps: [{ text: 'no tools yet' }, { toolCalls: [{ id: 'c1', name: 'clock' }] }, { text: 'noon' }],
      tools: [clockTool()],
    });
    const { options, request } = split(harness);
    let tools: ToolLoopOptions['tools'];
    const loop = createToolLoop({
      ...options,
      get tools() {
        return tools;
      },
    });
    await loop.run(request);
    tools = harness.tools.service;
    const later = await loop.run({ ...request, turn: { ...request.turn, turnId: 'turn-2' } });
    expect(harness.model.requests[0]?.tools ?? []).toEqual([]);
    expect(harness.model.requests[1]?.tools?.map((tool) => tool.name)).toEqual(['clock']);
    expect(later.toolCalls).toBe(1);
  });

  it('tells onError which turn survived a failure', async () => {
    const harness = await createHarness({ steps: [{ text: 'ok' }] });
    const { options, request } = split(harness);
    const seen: unknown[] = [];
    const loop = createToolLoop({
      ...options,
      assembler: {
        assemble: () => {
          throw new Error('broken contribution');
        },
      },
      onError: (error, turn) => seen.push({ message: (error as Error).message, ...turn }),
    });
    const result = await loop.run(request);
    expect(result.outcome).toBe('replied');
    expect(seen).toEqual([{ message: 'broken contribution', turnId: 'turn-1', sessionId: 's1' }]);
  });

  it('[OUT-1] every outcome carries the reply key: the stored reply on replied, undefined otherwise', async () => {
    const replied = await createHarness({ steps: [{ text: 'hi' }] });
    const silent = await createHarness({ steps: [{ text: '' }] });
    const [withReply, without] = await Promise.all([replied.run(), silent.run()]);
    expect(withReply.reply?.content).toBe('hi');
    expect(without.outcome).toBe('silent');
    expect(Object.hasOwn(without, 'reply') && without.reply === undefined).toBe(true);
  });

  it('checks the loop options once, when it is made, and each request when it runs', async () => {
    const harness = await createHarness({ steps: [{ text: 'ok' }] });
    const { options, request } = split(harness);
    expect(() => createToolLoop({ ...options, llm: {} as never })).toThrow(TypeError);
    expect(() => createToolLoop({ ...options, limits: { toolConcurrency: 0 } })).toThrow(TypeError);
    const loop = createToolLoop(options);
    await expect(loop.run({ ...request, turn: { ...request.turn, turnId: '' } })).rejects.toThrow(TypeError);
    await expect(loop.run({ ...request, session: { ...request.session, kind: 1 as never } })).rejects.toThrow(
      TypeError,
    );
  });
});
