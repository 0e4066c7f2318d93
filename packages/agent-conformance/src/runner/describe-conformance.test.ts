import type { AgentService } from '@aalis/api-agent';
import { describe, expect, test } from 'vitest';
import { ALL_CAPABILITIES } from '../../test/capability-sets';
import { assert, defineCase } from '../cases/index';
import type { ConformanceReport } from '../index';
import { describeConformance, type SkipRunningTest, type TestRunner } from './index';

/** What a runner's `skip` throws to stop the running test, as vitest's does. */
class Skipped extends Error {}

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
    run: async () =>
      assert.fail('ABT-2', {
        rule: 'abort with a foreign turn id returns false',
        observed: 'it returned true',
      }),
  }),
  defineCase({
    requirements: ['SCH-4'],
    name: 'fails too',
    run: async () =>
      assert.fail('SCH-4', { rule: 'an injection forms its own turn', observed: 'it joined a human turn' }),
  }),
  defineCase({ requirements: ['CLR-6'], name: 'needs a capability', run: async () => undefined }),
];

/** A runner that records what is registered, to run it by hand; its tests can skip themselves. */
function recordingRunner() {
  const tests: { name: string; body: (skip?: SkipRunningTest) => Promise<void>; timeoutMs: number }[] = [];
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
  const skip: SkipRunningTest = (note) => {
    throw new Skipped(note);
  };
  const settle = async (body: (skip?: SkipRunningTest) => Promise<void>) =>
    body(skip).then(
      () => 'passed',
      (error: Error) => (error instanceof Skipped ? `skipped: ${error.message}` : error.message),
    );
  return { runner, tests, skipped, afters, groups, settle };
}

describe('describeConformance with any test runner', () => {
  test('registers one test per case, skips the ones a capability rules out and the waived ones, with the reason', async () => {
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
      'failed: [ABT-2] abort with a foreign turn id returns false; it returned true (violates ABT-2)',
      'skipped: waived (expected failure SCH-4: known): [SCH-4] an injection forms its own turn; it joined a human turn',
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
    expect(await recorded.settle(recorded.afters[0]!)).toBe(
      `stale waiver SVC-1 ("thought broken"): every case of SVC-1 that ran passed; remove { id: 'SVC-1' } from expectedFailures`,
    );
  });

  test('lets a waived case pass under a runner that cannot skip a running test', async () => {
    const recorded = recordingRunner();
    describeConformance({
      runner: recorded.runner,
      implementation: 'fake',
      factory: () => agent,
      capabilities: ALL_CAPABILITIES,
      cases: cases.slice(2, 3),
      expectedFailures: [{ id: 'SCH-4', reason: 'known' }],
    });
    await expect(recorded.tests[0]!.body()).resolves.toBeUndefined();
  });

  test('registers only the cases an only selection picks, and rejects an id that picks nothing', () => {
    const recorded = recordingRunner();
    describeConformance({
      runner: recorded.runner,
      implementation: 'fake',
      factory: () => agent,
      capabilities: ALL_CAPABILITIES,
      cases,
      only: ['abt-2'],
    });
    expect(recorded.tests.map((entry) => entry.name)).toEqual(['[ABT-2] fails']);
    expect(() =>
      describeConformance({
        runner: recordingRunner().runner,
        implementation: 'fake',
        factory: () => agent,
        capabilities: ALL_CAPABILITIES,
        only: ['SVC-99'],
      }),
    ).toThrow(
      '--only names no case or requirement of the kit: SVC-99. The SVC requirements are SVC-1, SVC-2, SVC-3, SVC-4, SVC-5.',
    );
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
