import type { AgentService, TurnInput } from '@aalis/api-agent';
import type { IncomingMessage } from '@aalis/schema-message';
import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases/index';
import { type AgentFactory, type Harness, runConformance } from '../src/index';
import { IMPLEMENTATION_PROVIDER } from '../src/runner/index';
import { ALL_CAPABILITIES } from './capability-sets';

const idle = {
  abort: () => false,
  clearing: async (_sessionIds: readonly string[] | undefined, clear: () => Promise<unknown>) => {
    await clear();
  },
  assignModel: async () => undefined,
};

/** Resolves every input at once, running nothing: breaks [SVC-2]. */
const instantAgent: AgentFactory = () => ({ ...idle, handleMessage: async () => undefined });

/** Never settles an input: every case that waits for one times out. */
const hangingAgent: AgentFactory = () => ({
  ...idle,
  handleMessage: () => new Promise<void>(() => undefined),
});

/** Runs a plain turn (hooks, model loop, reply) but never emits token:usage: breaks [USG-1]. */
function quietTurn(harness: Harness): AgentService {
  let turns = 0;
  const run = async (message: IncomingMessage, inputs: TurnInput[], turnId: string) => {
    const model = (await harness.services.llm.resolveModel())!;
    let content = '';
    for (let calls = 0; calls < 5; calls += 1) {
      const response = await harness.services.llm.chat({
        model,
        messages: [{ role: 'user', content: message.content }],
      });
      content = response.content;
      if (response.toolCalls.length === 0) break;
    }
    await harness.services.hooks.run('agent:turn:after', {
      inputs,
      reply: undefined,
      outcome: content ? 'replied' : 'silent',
      sessionId: message.sessionId,
      turnId,
    });
  };
  return {
    ...idle,
    handleMessage: async (message) => {
      turns += 1;
      const turnId = `quiet-${turns}`;
      const inputs: TurnInput[] = [{ message }];
      await harness.services.hooks.run(
        'agent:turn:before',
        { turnId, sessionId: message.sessionId, inputs },
        () => run(message, inputs, turnId).catch(() => undefined),
      );
    },
  };
}

/**
 * The cases naming `requirement`, less the generated programs (which check eighteen rules at once
 * and have tests of their own): each fake here breaks one rule in one way.
 */
function casesOf(requirement: string) {
  return CASES.filter(
    (testCase) =>
      testCase.requirements.includes(requirement) && !testCase.id.startsWith('svc-2-generated-programs'),
  );
}

describe('tiny broken agents not built on core', () => {
  test('[SVC-2] an agent whose handleMessage resolves at once is caught', async () => {
    let provider: string | undefined;
    const report = await runConformance({
      implementation: 'instant',
      factory: instantAgent,
      capabilities: ALL_CAPABILITIES,
      timeoutMs: 200,
      cases: casesOf('SVC-2')
        .slice(0, 1)
        .map((testCase) => ({
          ...testCase,
          run: async (context) => {
            provider = context.agent.providerName;
            await testCase.run(context);
          },
        })),
    });
    expect(provider).toBe(IMPLEMENTATION_PROVIDER);
    expect(report.requirements.find((requirement) => requirement.id === 'SVC-2')?.status).toBe('violated');
  });

  test('[USG-1] an agent that never emits token:usage is caught', async () => {
    const report = await runConformance({
      implementation: 'quiet',
      factory: quietTurn,
      capabilities: ALL_CAPABILITIES,
      cases: casesOf('USG-1'),
    });
    expect(report.requirements.find((requirement) => requirement.id === 'USG-1')?.status).toBe('violated');
    // The third (no token:usage for a call whose stream broke off) holds for an agent that sends none.
    // The fourth USG-1 case aborts the turn's call: this agent ignores abort, so it fails there too.
    // The fifth (no token:usage for a call agent:llm:before held back) holds for an agent that sends none;
    // the sixth (the token:usage of a call answered before its turn was stopped) does not.
    expect(report.cases.map((result) => result.violated)).toEqual([
      ['USG-1'],
      ['USG-1'],
      [],
      ['USG-1'],
      [],
      ['USG-1'],
    ]);
  });

  test('[SVC-2] an agent that never settles an input is recorded as timeouts, not a hung run', async () => {
    const report = await runConformance({
      implementation: 'hanging',
      factory: hangingAgent,
      capabilities: ALL_CAPABILITIES,
      cases: casesOf('SVC-2'),
      timeoutMs: 40,
    });
    expect(report.cases.map((result) => result.status)).toEqual(casesOf('SVC-2').map(() => 'timeout'));
    expect(report.requirements.find((requirement) => requirement.id === 'SVC-2')?.status).toBe('violated');
  });
});
