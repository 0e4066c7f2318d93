import { describe, expect, test } from 'vitest';
import { CAPABILITY_KEYS, runConformance, verifyReport } from '../src/index';
import { ALL_CAPABILITIES, NO_CAPABILITIES } from './capability-sets';
import { referenceFactory } from './fixtures/reference-agent';

describe('the kit against the reference agent of its own tests', () => {
  test('satisfies every requirement when every capability is declared', async () => {
    const report = await runConformance({
      implementation: 'reference',
      factory: referenceFactory(),
      capabilities: ALL_CAPABILITIES,
    });
    const broken = report.cases
      .filter((result) => result.status !== 'passed')
      .map((result) => `${result.title}: ${result.message}`);
    expect(broken).toEqual([]);
    expect(report.summary.requirements.satisfied).toBe(report.requirements.length);
    expect(report.verdict).toBe('pass');
    expect(verifyReport(report).ok).toBe(true);
  });

  test('reports the optional parts not applicable, never passed, when no capability is declared', async () => {
    const report = await runConformance({
      implementation: 'reference',
      factory: referenceFactory(),
      capabilities: NO_CAPABILITIES,
    });
    const notApplicable = report.requirements
      .filter((requirement) => requirement.status === 'not-applicable')
      .map((requirement) => requirement.id);
    const decided = CAPABILITY_KEYS.filter((key) => key !== 'preprocessors');
    expect(notApplicable.sort()).toEqual([...decided, 'BND-1', 'BND-2', 'PRE-1'].sort());
    for (const result of report.cases.filter((entry) => entry.status === 'not-applicable'))
      expect(result.durationMs).toBe(0);
    expect(report.verdict).toBe('pass');
  });
});
