import type { AgentService } from '@aalis/api-agent';
import { describe, expect, test } from 'vitest';
import { ALL_CAPABILITIES } from '../../test/capability-sets';
import { assert, type ConformanceReport, defineCase, describeConformance, type TestRunner } from '../index';

const agent: AgentService = {
  handleMessage: async () => undefined,
  abort: () => false,
  clearing: async (_sessionIds, clear) => {
    await clear();
  },
  assignModel: async () => undefined,
};

const cases = [
  defineCase({ requirements: ['SVC-1'], name: 'passes', run: async () => undefined }),
  defineCase({
    requirements: ['ABT-2'],
    name: 'fails',
    run: async () => assert.fail('ABT-2', 'expected false, got true'),
  }),
  defineCase({
    requirements: ['SCH-4'],
    name: 'fails too',
    run: async () => assert.fail('SCH-4', 'expected one turn, got two'),
  }),
  defineCase({ requirements: ['CLR-6'], name: 'needs a capability', run: async () => undefined }),
];

/** A runner that records what is registered, to run it by hand. */
function recordingRunner() {
  const tests: { name: string; body: () => Promise<void>; timeoutMs: number }[] = [];
  const skipped: string[] = [];
  const afters: (() => Promise<void>)[] = [];
  const groups: string[] = [];
  const runner: TestRunner = {
    describe: (name, body) => {
      groups.push(name);
      body();
    },
    test: (name, body, timeoutMs) => tests.push({ name, body, timeoutMs }),
    skip: (name, reason) => skipped.push(`${name} — ${reason}`),
    after: (body) => afters.push(body),
  };
  const settle = async (body: () => Promise<void>) =>
    body().then(
      () => 'passed',
      (error: Error) => error.message,
    );
  return { runner, tests, skipped, afters, groups, settle };
}

describe('describeConformance with any test runner', () => {
  test('registers one test per case and skips the ones a capability rules out, with the reason', async () => {
    const recorded = recordingRunner();
    let report: ConformanceReport | undefined;
    describeConformance({
      runner: recorded.runner,
      implementation: 'fake',
      factory: () => agent,
      capabilities: { ...ALL_CAPABILITIES, 'CLR-6': false },
      cases,
      expectedFailures: [{ id: 'SCH-4', reason: 'known' }],
      onReport: (value) => {
        report = value;
      },
    });
    expect(recorded.groups).toEqual(['@aalis/api-agent conformance: fake']);
    expect(recorded.tests.map((entry) => entry.name)).toEqual([
      '[SVC-1] passes',
      '[ABT-2] fails',
      '[SCH-4] fails too',
    ]);
    expect(recorded.tests[0]!.timeoutMs).toBeGreaterThan(2000);
    expect(recorded.skipped).toEqual(['[CLR-6] needs a capability — not applicable: needs CLR-6']);
    const outcomes = [];
    for (const entry of recorded.tests) outcomes.push(await recorded.settle(entry.body));
    expect(outcomes).toEqual([
      'passed',
      'failed: [ABT-2] expected false, got true (violates ABT-2)',
      'passed',
    ]);
    expect(await recorded.settle(recorded.afters[0]!)).toBe('passed');
    expect(report?.cases.map((result) => result.status)).toEqual([
      'not-applicable',
      'passed',
      'failed',
      'waived',
    ]);
  });

  test('fails the group at the end for a stale requirement waiver', async () => {
    const recorded = recordingRunner();
    describeConformance({
      runner: recorded.runner,
      implementation: 'fake',
      factory: () => agent,
      capabilities: ALL_CAPABILITIES,
      cases: cases.slice(0, 1),
      expectedFailures: [{ id: 'SVC-1', reason: 'thought broken' }],
    });
    expect(await recorded.settle(recorded.tests[0]!.body)).toBe('passed');
    expect(await recorded.settle(recorded.afters[0]!)).toBe('stale waivers (the requirements passed): SVC-1');
  });

  test('throws at once for malformed capabilities', () => {
    expect(() =>
      describeConformance({
        runner: recordingRunner().runner,
        implementation: 'fake',
        factory: () => agent,
        capabilities: { preprocessors: true } as never,
      }),
    ).toThrow(/Invalid capabilities/);
  });
});
