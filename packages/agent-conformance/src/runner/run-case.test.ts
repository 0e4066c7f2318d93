import { type AgentService, agent as agentDescriptor } from '@aalis/api-agent';
import { describe, expect, test } from 'vitest';
import { ALL_CAPABILITIES, NO_CAPABILITIES } from '../../test/capability-sets';
import { assert, type CaseDefinition, defineCase } from '../cases/index';
import type { AgentFactory } from '../index';
import { runCase } from './index';

function fakeAgent(overrides: Partial<AgentService> = {}): AgentService {
  return {
    handleMessage: async () => undefined,
    abort: () => false,
    clearing: async (_sessionIds, clear) => {
      await clear();
    },
    assignModel: async () => undefined,
    ...overrides,
  };
}

function probeCase(run: CaseDefinition['run'], extra: Partial<CaseDefinition> = {}) {
  return defineCase({ requirements: ['ABT-1', 'ABT-2'], name: 'probe', run, ...extra });
}

const plain: AgentFactory = () => fakeAgent();

describe('runCase', () => {
  test('reports a case needing an undeclared capability not-applicable without building the agent', async () => {
    let built = false;
    const result = await runCase(
      probeCase(async () => undefined, { requirements: ['CLR-6'] }),
      {
        factory: () => {
          built = true;
          return fakeAgent();
        },
        capabilities: NO_CAPABILITIES,
      },
    );
    expect(result).toMatchObject({ status: 'not-applicable', missingCapabilities: ['CLR-6'], violated: [] });
    expect(built).toBe(false);
  });

  test('passes a case whose checks hold and that leaves nothing behind', async () => {
    const result = await runCase(
      probeCase(async ({ agent }) =>
        assert.equal('ABT-1', agent.abort('s1'), false, {
          rule: 'abort of an idle session returns false',
          subject: 'abort',
        }),
      ),
      { factory: plain, capabilities: ALL_CAPABILITIES },
    );
    expect(result).toMatchObject({ status: 'passed', violated: [], leaks: [] });
  });

  test('provides nothing for a factory that returns the app handle of an agent that never started', async () => {
    let providerName: string | undefined = 'unset';
    let failure: unknown;
    const result = await runCase(
      probeCase(async ({ agent }) => {
        providerName = agent.providerName;
        failure = await agent.assignModel('s1', 'conformance/model').catch((error: unknown) => error);
      }),
      { factory: (harness) => harness.app.service(agentDescriptor).use, capabilities: ALL_CAPABILITIES },
    );
    expect(providerName).toBeUndefined();
    expect(String(failure)).toMatch(/agent/);
    expect(String(failure)).not.toMatch(/call stack/);
    expect(result.status).toBe('passed');
  });

  test('attributes a failed check to the requirement it names', async () => {
    const result = await runCase(
      probeCase(async () => assert.fail('ABT-2', { rule: 'x must be y', observed: 'x was z' })),
      { factory: plain, capabilities: ALL_CAPABILITIES },
    );
    expect(result).toMatchObject({
      status: 'failed',
      violated: ['ABT-2'],
      message: '[ABT-2] x must be y; x was z',
    });
  });

  test('attributes an unexpected error, or a check naming another requirement, to every id of the case', async () => {
    const thrown = await runCase(
      probeCase(async () => {
        throw new Error('boom');
      }),
      { factory: plain, capabilities: ALL_CAPABILITIES },
    );
    expect(thrown).toMatchObject({
      status: 'failed',
      violated: ['ABT-1', 'ABT-2'],
      message:
        'unexpected error, not a failed check (the implementation threw, or rejected a call the case made): Error: boom',
    });
    const foreign = await runCase(
      probeCase(async () => assert.fail('SVC-1', { rule: 'r', observed: 'nope' })),
      { factory: plain, capabilities: ALL_CAPABILITIES },
    );
    expect(foreign.violated).toEqual(['ABT-1', 'ABT-2']);
  });

  test('records a hanging case as a timeout of that case, naming what it waited for', async () => {
    const result = await runCase(
      probeCase(({ harness }) => harness.until(() => false, 'the moon to turn blue')),
      { factory: plain, capabilities: ALL_CAPABILITIES, timeoutMs: 30 },
    );
    expect(result).toMatchObject({ status: 'timeout', violated: ['ABT-1', 'ABT-2'] });
    expect(result.message).toBe(
      'case abt-1-probe did not finish within 30 ms. It was waiting for: the moon to turn blue. ' +
        'By then the implementation had made 0 model call(s) and 0 tool call(s).',
    );
    const unlabelled = await runCase(
      probeCase(() => new Promise<void>(() => undefined)),
      { factory: plain, capabilities: ALL_CAPABILITIES, timeoutMs: 30 },
    );
    expect(unlabelled.message).toBe(
      'case abt-1-probe did not finish within 30 ms. It was waiting for something of its own (no promise of the harness was pending). ' +
        'By then the implementation had made 0 model call(s) and 0 tool call(s).',
    );
  });

  test('a timeout violates only the requirements the case says a timeout violates', async () => {
    const result = await runCase(
      probeCase(({ harness }) => harness.until(() => false, 'a hung piece to be let go'), {
        timeoutViolates: ['ABT-2'],
      }),
      { factory: plain, capabilities: ALL_CAPABILITIES, timeoutMs: 30 },
    );
    expect(result).toMatchObject({ status: 'timeout', violated: ['ABT-2'] });
  });

  test('rejects a timeoutViolates that names a requirement the case does not, or none', () => {
    expect(() => probeCase(async () => undefined, { timeoutViolates: ['OUT-3'] })).toThrow(TypeError);
    expect(() => probeCase(async () => undefined, { timeoutViolates: [] })).toThrow(TypeError);
  });

  test('a timeout names the step the case awaited and the calls still open, by session and content', async () => {
    const factory: AgentFactory = (harness) =>
      fakeAgent({
        handleMessage: async (message) => {
          const model = await harness.services.llm.resolveModel();
          await harness.services.llm.chat({
            model: model!,
            messages: [{ role: 'user', content: message.content }],
          });
        },
      });
    const waitsForTheSecondCall = probeCase(async ({ agent, harness }) => {
      const [, second] = harness.model.script([{ untilAborted: true }, { text: 'the second answer' }]);
      agent.send(harness.input({ sessionId: 's1', content: 'long task' }));
      await second!.started;
    });
    const result = await runCase(waitsForTheSecondCall, {
      factory,
      capabilities: ALL_CAPABILITIES,
      timeoutMs: 50,
    });
    expect(result.status).toBe('timeout');
    expect(result.message).toBe(
      'case abt-1-probe did not finish within 50 ms. ' +
        'It was waiting for: a model call (llm.chat of the harness) to take scripted step 2 (replies "the second answer"). ' +
        'Still open: handleMessage of "long task" (session s1); ' +
        'model call #1 (last user message "long task"; scripted to: waits until its signal aborts). ' +
        'Scripted but never called: scripted model step 2 (replies "the second answer"). ' +
        'By then the implementation had made 1 model call(s) and 0 tool call(s).',
    );
    const waitsForTheInput = probeCase(async ({ agent, harness }) => {
      harness.model.script([{ untilAborted: true }]);
      await agent.send(harness.input({ sessionId: 's2', content: 'hello there' })).done;
    });
    const second = await runCase(waitsForTheInput, {
      factory,
      capabilities: ALL_CAPABILITIES,
      timeoutMs: 50,
    });
    expect(second.message).toContain(
      'It was waiting for: handleMessage of "hello there" (session s2) to settle.',
    );
  });

  test('records a factory that never resolves as a timeout, naming the step it hung in', async () => {
    const result = await runCase(
      probeCase(async () => undefined),
      { factory: () => new Promise<never>(() => undefined), capabilities: ALL_CAPABILITIES, timeoutMs: 30 },
    );
    expect(result.status).toBe('timeout');
    expect(result.message).toBe(
      'the factory of case abt-1-probe did not finish within 30 ms. It was waiting for: factory(harness) to return.',
    );
  });

  test('reports unsettled handleMessage promises and open model calls as leaks of the case', async () => {
    const factory: AgentFactory = (harness) =>
      fakeAgent({
        handleMessage: async () => {
          const model = await harness.services.llm.resolveModel();
          await harness.services.llm.chat({ model: model!, messages: [] });
        },
      });
    const result = await runCase(
      probeCase(async ({ agent, harness }) => {
        const [step] = harness.model.script([{ untilAborted: true }]);
        agent.send(harness.input({ sessionId: 's1', content: 'hi' }));
        await step!.started;
      }),
      { factory, capabilities: ALL_CAPABILITIES },
    );
    expect(result.status).toBe('leaked');
    expect(result.leaks).toEqual([
      { kind: 'unsettled-input', detail: 'handleMessage of "hi" (session s1) never settled' },
      {
        kind: 'open-model-call',
        detail: 'model call #1 (no user message; scripted to: waits until its signal aborts) still open',
      },
    ]);
    expect(result.violated).toEqual(['ABT-1', 'ABT-2']);
  });

  test('reports a timer left running after the app stopped, and none when the agent clears it on drain', async () => {
    const leaking: AgentFactory = () =>
      fakeAgent({ handleMessage: async () => void setInterval(() => undefined, 60_000) });
    const send = probeCase(async ({ agent, harness }) => {
      await agent.handleMessage(harness.input({ sessionId: 's1', content: 'hi' }));
    });
    const leaked = await runCase(send, { factory: leaking, capabilities: ALL_CAPABILITIES });
    expect(leaked.status).toBe('leaked');
    expect(leaked.leaks).toEqual([
      {
        kind: 'timer',
        detail:
          'a repeating timer of 60000 ms still pending after the app stopped (clear it in lifecycle.onDrain)',
      },
    ]);
    const tidy: AgentFactory = (harness) => {
      const timers: NodeJS.Timeout[] = [];
      harness.services.lifecycle.onDrain(() => {
        for (const timer of timers) clearInterval(timer);
      });
      return fakeAgent({ handleMessage: async () => void timers.push(setInterval(() => undefined, 60_000)) });
    };
    expect((await runCase(send, { factory: tidy, capabilities: ALL_CAPABILITIES })).status).toBe('passed');
  });

  test('lets a case settle past short timers of the implementation', async () => {
    const factory: AgentFactory = () =>
      fakeAgent({ handleMessage: () => new Promise<void>((resolve) => setTimeout(resolve, 20)) });
    const settles = probeCase(async ({ agent, harness }) => {
      const input = agent.send(harness.input({ sessionId: 's1', content: 'hi' }));
      await harness.settle();
      assert.that('ABT-1', input.settled, {
        rule: 'the input settles once the harness settled',
        observed: 'it was still pending',
      });
    });
    expect((await runCase(settles, { factory, capabilities: ALL_CAPABILITIES })).status).toBe('passed');
  });

  test('fails a case in which the implementation made an unscripted model call', async () => {
    const factory: AgentFactory = (harness) =>
      fakeAgent({
        handleMessage: async () => {
          const model = await harness.services.llm.resolveModel();
          await harness.services.llm.chat({ model: model!, messages: [] }).catch(() => undefined);
        },
      });
    const result = await runCase(
      probeCase(async ({ agent, harness }) =>
        agent.handleMessage(harness.input({ sessionId: 's1', content: 'hi' })),
      ),
      { factory, capabilities: ALL_CAPABILITIES },
    );
    expect(result.status).toBe('failed');
    expect(result.message).toBe(
      'the implementation made model calls the case did not allow: model call #1 was not scripted by the case: it scripted 0 model call(s) and expected no more',
    );
  });

  test('reports a drain that never finishes as a teardown leak', async () => {
    const factory: AgentFactory = (harness) => {
      harness.services.lifecycle.onDrain(() => new Promise<void>(() => undefined));
      return fakeAgent();
    };
    const result = await runCase(
      probeCase(async () => undefined),
      { factory, capabilities: ALL_CAPABILITIES },
    );
    expect(result.status).toBe('leaked');
    expect(result.leaks.map((leak) => leak.kind)).toEqual(['teardown']);
  });

  test('lets a case settle past an agent slow to take an input in, and slow to settle it after its turn', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
    // Like an agent with a database between the receiving process and the session's owner.
    const distant: AgentFactory = (harness) =>
      fakeAgent({
        handleMessage: async (message) => {
          const { hooks } = harness.services;
          await pause();
          await hooks.run('agent:input:before', { message }, async () => {
            const turn = { turnId: 't1', sessionId: message.sessionId, inputs: [{ message }] };
            await hooks.run('agent:turn:before', turn, async () => undefined);
            await hooks.run(
              'agent:turn:after',
              { ...turn, reply: undefined, outcome: 'silent' },
              async () => undefined,
            );
          });
          await pause();
        },
      });
    const seen: string[] = [];
    const result = await runCase(
      probeCase(async ({ agent, harness }) => {
        const sent = agent.send(harness.input({ sessionId: 's1', content: 'hello' }));
        await harness.settle();
        seen.push(`settled: ${String(sent.settled)}`);
        await sent.done;
      }),
      { factory: distant, capabilities: ALL_CAPABILITIES },
    );
    expect(result.status).toBe('passed');
    expect(seen).toEqual(['settled: true']);
  });

  test('fails every case with a TypeError when the factory returns an agent other than the one its plugin provides to the app', async () => {
    const inner = fakeAgent();
    const wrapper = fakeAgent({ abort: (sessionId, options) => inner.abort(sessionId, options) });
    const result = await runCase(
      probeCase(async ({ agent }) => {
        agent.abort('s1');
      }),
      {
        factory: (harness) => {
          harness.app.provide(agentDescriptor, inner, { name: 'inner-agent' });
          return wrapper;
        },
        capabilities: ALL_CAPABILITIES,
      },
    );
    expect(result.status).toBe('failed');
    expect(result.message).toContain("not the app's agent service");
    expect(result.message).toContain('"inner-agent"');
  });
});
