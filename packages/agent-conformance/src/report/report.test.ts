import type { AgentService } from '@aalis/api-agent';
import { describe, expect, test } from 'vitest';
import { ALL_CAPABILITIES } from '../../test/capability-sets';
import { assert, defineCase } from '../cases/index';
import { contractDigest, REQUIREMENTS } from '../catalog/index';
import { type CaseResult, type ConformanceReport, runConformance } from '../index';
import {
  badgeLine,
  buildReport,
  InvalidReportError,
  KIT,
  parseReport,
  renderMarkdown,
  verifyReport,
} from './index';

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
        rule: 'abort with a foreign turn id must return false',
        observed: 'abort returned true',
      }),
  }),
  defineCase({ requirements: ['CLR-6'], name: 'needs a capability', run: async () => undefined }),
];

function run(
  options: {
    readonly expectedFailures?: { id: string; reason: string }[];
    readonly only?: readonly string[];
  } = {},
) {
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
      'not-run',
    ]);
    expect(report.summary.requirements).toMatchObject({
      satisfied: 1,
      violated: 1,
      'not-applicable': 1,
      'not-run': REQUIREMENTS.length - 3,
    });
    expect(report.only).toBeUndefined();
    expect(report.verdict).toBe('fail');
  });

  test('says for each requirement whether it is contract, decided, reference or beyond', async () => {
    const report = await run();
    const basis = (id: string) => report.requirements.find((requirement) => requirement.id === id);
    expect(basis('SVC-1')).toMatchObject({ basis: 'contract', decided: false });
    expect(basis('CLR-6')).toMatchObject({ basis: 'decided', decided: true });
    expect(basis('ARC-9')).toMatchObject({ basis: 'reference', decided: false });
    expect(basis('LIV-1')).toMatchObject({ basis: 'beyond' });
    expect(basis('OUT-2')).toMatchObject({
      basis: 'contract',
      referencePart: expect.stringContaining('`[错误]` notice'),
    });
    expect(basis('SVC-1')).not.toHaveProperty('referencePart');
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
    expect(markdown).toContain('| SVC-1 | contract | ✅ satisfied | 1/1 passed |');
    expect(markdown).toContain('| CLR-6 | decided (not claimed) | ➖ not applicable | 0/1 passed |');
    expect(markdown).toContain('| ARC-9 | reference | ⏭️ not run | not run |');
    expect(markdown).toContain('| OUT-2 | contract, part reference | ⏭️ not run | not run |');
    expect(markdown).toContain('| LIV-1 | beyond | ⏭️ not run | not run |');
    expect(markdown).toContain('reference: ARC-9 yes, USG-6 yes, SET-2 yes, OUT-2 yes;');
    const unclaimed = renderMarkdown({
      ...(await run()),
      capabilities: { ...ALL_CAPABILITIES, 'OUT-2': false, 'ARC-9': false },
    });
    expect(unclaimed).toContain('| OUT-2 | contract, reference part not claimed |');
    expect(unclaimed).toContain('| ARC-9 | reference (not claimed) |');
    expect(markdown).toContain(
      '- **waived** [ABT-2] fails: [ABT-2] abort with a foreign turn id must return false; abort returned true (waiver: not done yet)',
    );
  });

  test('renders what failed first: each violated requirement with its catalog text and the failing cases’ messages', async () => {
    const markdown = renderMarkdown(await run());
    const abt2 = REQUIREMENTS.find((requirement) => requirement.id === 'ABT-2')!;
    const section = markdown.slice(markdown.indexOf('## What failed'), markdown.indexOf('## SVC'));
    expect(section).toContain('### ❌ violated: ABT-2');
    expect(section).toContain(`> ${abt2.text}`);
    expect(section).toContain(
      '- **failed** [ABT-2] fails: [ABT-2] abort with a foreign turn id must return false; abort returned true',
    );
    expect(markdown.indexOf('## What failed')).toBeLessThan(markdown.indexOf('## SVC — Service surface'));
  });

  test('tells to remove a stale waiver, naming it, in the Markdown and the report', async () => {
    const stale = await run({ expectedFailures: [{ id: 'SVC-1', reason: 'was broken' }] });
    const markdown = renderMarkdown(stale);
    expect(markdown).toContain(
      `- stale waiver SVC-1 ("was broken"): every case of SVC-1 that ran passed; remove { id: 'SVC-1' } from expectedFailures`,
    );
    expect(markdown).toContain(
      '| SVC-1 | was broken | yes: it waives nothing, remove it from expectedFailures |',
    );
  });

  test('a run limited with only judges only what it ran: the rest is not run, outside the verdict', async () => {
    const limited = await run({ only: ['SVC-1'] });
    expect(limited.only).toEqual(['SVC-1']);
    expect(limited.cases.map((result) => result.id)).toEqual(['svc-1-passes']);
    expect(limited.summary.requirements).toMatchObject({ satisfied: 1, 'not-run': REQUIREMENTS.length - 1 });
    expect(limited.verdict).toBe('pass');
    expect(renderMarkdown(limited)).toContain(
      `- Scope: only SVC-1 (${REQUIREMENTS.length - 1} requirements not run, outside the verdict)`,
    );
    expect(badgeLine(limited)).toContain(`1/81 satisfied, ${REQUIREMENTS.length - 1} not run`);
    expect((await run({ only: ['ABT-2', 'SVC-1'] })).verdict).toBe('fail');
  });

  test('gives a badge line for READMEs, green only for a clean pass', async () => {
    const clean = badgeLine(allSatisfied());
    expect(clean).toBe(
      `![api-agent conformance: 81/81 satisfied](https://img.shields.io/badge/api--agent%20conformance-81%2F81%20satisfied-brightgreen)`,
    );
    const failing = badgeLine(await run(), { link: 'https://example.com/report.md' });
    expect(failing).toMatch(
      /^\[!\[api-agent conformance: 1\/81 satisfied, 1 n\/a, 78 not run, failing\]\(.*-red\)\]\(https:\/\/example.com\/report.md\)$/,
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

  test('find a limited report that leaves out a case its only ids pick', async () => {
    const report = await runConformance({
      implementation: 'instant',
      factory: () => agent,
      capabilities: ALL_CAPABILITIES,
      only: ['SVC-2'],
      timeoutMs: 100,
    });
    expect(verifyReport(report).problems).toEqual([]);
    const dropped = report.cases.slice(1);
    const { problems } = verifyReport({ ...report, cases: dropped });
    expect(problems).toContain(`cases picked by only (SVC-2) are missing: ${report.cases[0]!.id}`);
  });

  test('reject text that is not a report of this format', () => {
    expect(() => parseReport('{')).toThrow(InvalidReportError);
    expect(() => parseReport('{"format":"other"}')).toThrow(/not an aalis-agent-conformance-report/);
    expect(() => parseReport('{"format":"aalis-agent-conformance-report","formatVersion":2}')).toThrow(
      /format version/,
    );
  });
});
