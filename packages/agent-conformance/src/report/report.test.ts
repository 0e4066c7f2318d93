import type { AgentService } from '@aalis/api-agent';
import { describe, expect, test } from 'vitest';
import { ALL_CAPABILITIES } from '../../test/capability-sets';
import {
  assert,
  badgeLine,
  buildReport,
  type CaseResult,
  type ConformanceReport,
  contractDigest,
  defineCase,
  InvalidReportError,
  KIT,
  parseReport,
  REQUIREMENTS,
  renderMarkdown,
  runConformance,
  verifyReport,
} from '../index';

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
  defineCase({ requirements: ['CLR-6'], name: 'needs a capability', run: async () => undefined }),
];

function run(options: { readonly expectedFailures?: { id: string; reason: string }[] } = {}) {
  return runConformance({
    implementation: { name: '@acme/agent', version: '1.2.3' },
    factory: () => agent,
    capabilities: { ...ALL_CAPABILITIES, 'CLR-6': false },
    cases,
    ...options,
  });
}

function allSatisfied(): ConformanceReport {
  const everything: CaseResult = {
    id: 'all',
    title: 'all',
    requirements: REQUIREMENTS.map((requirement) => requirement.id),
    status: 'passed',
    outcome: 'passed',
    durationMs: 1,
    violated: [],
    leaks: [],
    missingCapabilities: [],
  };
  return buildReport({
    implementation: { name: 'x' },
    capabilities: ALL_CAPABILITIES,
    expectedFailures: [],
    results: [everything],
    startedAt: '2024-01-01T00:00:00.000Z',
    durationMs: 1,
  });
}

describe('the report', () => {
  test('names kit, contract digest, implementation and capabilities, with a status per case and requirement', async () => {
    const report = await run();
    expect(report).toMatchObject({
      format: 'aalis-agent-conformance-report',
      formatVersion: 1,
      kit: { name: '@aalis/agent-conformance', version: KIT.version },
      contract: { name: '@aalis/api-agent', requirements: REQUIREMENTS.length, digest: contractDigest() },
      implementation: { name: '@acme/agent', version: '1.2.3' },
      capabilities: { 'CLR-6': false },
    });
    expect(report.cases.map((result) => result.status)).toEqual(['passed', 'failed', 'not-applicable']);
    const status = (id: string) => report.requirements.find((requirement) => requirement.id === id)?.status;
    expect([status('SVC-1'), status('ABT-2'), status('CLR-6'), status('DRN-1')]).toEqual([
      'satisfied',
      'violated',
      'not-applicable',
      'untested',
    ]);
    expect(report.summary.requirements).toMatchObject({
      satisfied: 1,
      violated: 1,
      'not-applicable': 1,
      untested: REQUIREMENTS.length - 3,
    });
    expect(report.verdict).toBe('fail');
  });

  test('waives listed failures and fails the run for a stale waiver', async () => {
    const waived = await run({ expectedFailures: [{ id: 'ABT-2', reason: 'not done yet' }] });
    expect(waived.cases[1]).toMatchObject({
      status: 'waived',
      waiver: { id: 'ABT-2', reason: 'not done yet' },
    });
    expect(waived.requirements.find((requirement) => requirement.id === 'ABT-2')?.status).toBe('waived');
    expect(waived.staleWaivers).toEqual([]);
    const stale = await run({ expectedFailures: [{ id: 'SVC-1', reason: 'was broken' }] });
    expect(stale.staleWaivers).toEqual([{ id: 'SVC-1', reason: 'was broken' }]);
  });

  test('passes only when every requirement is satisfied or not applicable and no waiver is stale', () => {
    expect(allSatisfied().verdict).toBe('pass');
    expect(allSatisfied().summary.requirements.satisfied).toBe(REQUIREMENTS.length);
  });

  test('renders Markdown grouped by requirement family with the failing cases and waivers', async () => {
    const markdown = renderMarkdown(
      await run({ expectedFailures: [{ id: 'ABT-2', reason: 'not done yet' }] }),
    );
    expect(markdown).toContain('# Agent conformance report: @acme/agent 1.2.3');
    expect(markdown).toContain(`digest \`${contractDigest()}\``);
    for (const heading of [
      '## SVC — Service surface',
      '## ABT — Abort',
      '## DRN — Shutdown',
      '## Expected failures',
    ])
      expect(markdown).toContain(heading);
    expect(markdown).toContain('| SVC-1 | ✅ satisfied | 1/1 passed |');
    expect(markdown).toContain('| CLR-6 [decided] | ➖ not applicable | 0/1 passed |');
    expect(markdown).toContain(
      '- **waived** [ABT-2] fails: [ABT-2] expected false, got true (waiver: not done yet)',
    );
  });

  test('gives a badge line for READMEs, green only for a clean pass', async () => {
    const clean = badgeLine(allSatisfied());
    expect(clean).toBe(
      `![api-agent conformance: 81/81 satisfied](https://img.shields.io/badge/api--agent%20conformance-81%2F81%20satisfied-brightgreen)`,
    );
    const failing = badgeLine(await run(), { link: 'https://example.com/report.md' });
    expect(failing).toMatch(
      /^\[!\[api-agent conformance: 1\/81 satisfied, 1 n\/a, failing\]\(.*-red\)\]\(https:\/\/example.com\/report.md\)$/,
    );
  });
});

describe('verifyReport and parseReport', () => {
  test('accept an untouched report read back from JSON', async () => {
    const report = parseReport(JSON.stringify(await run()));
    expect(verifyReport(report)).toEqual({ ok: true, problems: [] });
  });

  test('find a report whose statuses, verdict or digest were changed', async () => {
    const report = await run();
    const edited: ConformanceReport = {
      ...report,
      contract: { ...report.contract, digest: 'sha256:0' },
      requirements: report.requirements.map((requirement) =>
        requirement.id === 'ABT-2' ? { ...requirement, status: 'satisfied' } : requirement,
      ),
      verdict: 'pass',
    };
    const { ok, problems } = verifyReport(edited);
    expect(ok).toBe(false);
    expect(problems).toEqual([
      `contract digest sha256:0 differs from this kit's ${contractDigest()}`,
      'requirement ABT-2 is reported satisfied, its cases say violated',
      'the verdict is pass, the cases say fail',
    ]);
  });

  test('reject text that is not a report of this format', () => {
    expect(() => parseReport('{')).toThrow(InvalidReportError);
    expect(() => parseReport('{"format":"other"}')).toThrow(/not an aalis-agent-conformance-report/);
    expect(() => parseReport('{"format":"aalis-agent-conformance-report","formatVersion":2}')).toThrow(
      /format version/,
    );
  });
});
