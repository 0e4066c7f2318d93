import { describe, expect, test } from 'vitest';
import { CASES } from '../src/cases/index';
import { CAPABILITY_KEYS, REQUIREMENTS } from '../src/catalog/index';
import { runConformance } from '../src/index';
import { verifyReport } from '../src/report/index';
import { ALL_CAPABILITIES, NO_CAPABILITIES, REFERENCE_CAPABILITIES } from './capability-sets';
import { referenceFactory } from './fixtures/reference-agent';

describe('the kit against the reference agent of its own tests', () => {
  test('satisfies every requirement it claims: all but the [beyond] rules', async () => {
    const report = await runConformance({
      implementation: 'reference',
      factory: referenceFactory(),
      capabilities: REFERENCE_CAPABILITIES,
    });
    const broken = report.cases
      .filter((result) => result.status !== 'passed' && result.status !== 'not-applicable')
      .map((result) => `${result.title}: ${result.message}`);
    expect(broken).toEqual([]);
    const beyond = new Set(
      REQUIREMENTS.filter((entry) => entry.marker === 'beyond').map((entry) => entry.id),
    );
    const liveness = report.requirements.filter((requirement) => beyond.has(requirement.id));
    expect(liveness.map((requirement) => requirement.status)).toEqual(liveness.map(() => 'not-applicable'));
    expect(report.summary.requirements.satisfied).toBe(report.requirements.length - liveness.length);
    expect(report.verdict).toBe('pass');
    expect(verifyReport(report).ok).toBe(true);
  });

  test('[LIV-1] [LIV-2] [LIV-4] [DUR-1] [DUR-3] is caught violating the [beyond] rules it claims but lacks', async () => {
    const report = await runConformance({
      implementation: 'reference claiming liveness',
      factory: referenceFactory(),
      capabilities: ALL_CAPABILITIES,
      // Short limits make the liveness cases fail fast; a case of another family that declares a
      // longer limit needs it by design (a slow turn), so it is left out here.
      cases: CASES.filter(
        (testCase) =>
          testCase.timeoutMs === undefined ||
          testCase.requirements.some((id) => id.startsWith('LIV-') || id.startsWith('DUR-')),
      ),
      timeoutMs: 300,
    });
    const violated = report.requirements
      .filter((requirement) => requirement.status === 'violated')
      .map((requirement) => requirement.id);
    expect(violated).toEqual(expect.arrayContaining(['LIV-1', 'LIV-2', 'LIV-4', 'DUR-1', 'DUR-3']));
    expect(violated.every((id) => id.startsWith('LIV-') || id.startsWith('DUR-'))).toBe(true);
    expect(report.verdict).toBe('fail');
  }, 60_000); // the whole kit, the liveness cases each waiting out their 300 ms limit

  test('reports the optional parts not applicable, never passed, when no capability is declared', async () => {
    const report = await runConformance({
      implementation: 'reference',
      factory: referenceFactory(),
      capabilities: NO_CAPABILITIES,
    });
    const notApplicable = report.requirements
      .filter((requirement) => requirement.status === 'not-applicable')
      .map((requirement) => requirement.id);
    // Every marked requirement; not OUT-2, whose contract part is checked without its key; and
    // ABT-6, whose only observable (the stop marker's `by`) is ARC-9's.
    const marked = CAPABILITY_KEYS.filter((key) => key !== 'preprocessors' && key !== 'OUT-2');
    expect(notApplicable.sort()).toEqual([...marked, 'ABT-6', 'BND-1', 'BND-2', 'PRE-1'].sort());
    expect(report.requirements.find((requirement) => requirement.id === 'OUT-2')?.status).toBe('satisfied');
    for (const result of report.cases.filter((entry) => entry.status === 'not-applicable'))
      expect(result.durationMs).toBe(0);
    expect(report.verdict).toBe('pass');
  });
});
