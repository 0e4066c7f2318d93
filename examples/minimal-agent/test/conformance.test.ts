import type { ConformanceReport } from '@aalis/agent-conformance';
import { verifyReport } from '@aalis/agent-conformance/report';
import { describeConformance } from '@aalis/agent-conformance/vitest';
import { expect, test } from 'vitest';
import { capabilities } from '../src/index.js';
import adapter from './conformance-adapter.js';

/**
 * The kit against the minimal agent: one vitest test per case, no waiver. Every requirement
 * is satisfied but those whose capability it declares false, which are not claimed.
 */
let report: ConformanceReport | undefined;

describeConformance({
  ...adapter,
  onReport: (finished) => {
    report = finished;
  },
});

test('the minimal agent satisfies every requirement it claims, with no waiver', () => {
  expect(report, 'the report of the conformance run').toBeDefined();
  if (report === undefined) return;
  // Not claimed: the requirements of each capability it declares false (OUT-2 only in part, so
  // its contract part is satisfied), and ABT-6, whose `by` shows only on ARC-9's stop marker.
  const notClaimed = Object.entries(capabilities)
    .filter(([key, claimed]) => !claimed && key !== 'OUT-2')
    .map(([key]) => key);
  const unsatisfied = report.requirements.filter((requirement) => requirement.status !== 'satisfied');
  expect(unsatisfied.map((requirement) => requirement.id).sort()).toEqual([...notClaimed, 'ABT-6'].sort());
  expect(new Set(unsatisfied.map((requirement) => requirement.status))).toEqual(new Set(['not-applicable']));
  expect(report.verdict).toBe('pass');
  expect(verifyReport(report).problems).toEqual([]);
});
