import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ALL_CAPABILITIES } from '../../test/capability-sets';
import { REQUIREMENTS } from '../catalog/index';
import type { CaseResult, ExpectedFailure } from '../index';
import { applyWaiver } from '../runner/index';
import { buildReport, verifyReport } from './index';

const ids = REQUIREMENTS.map((requirement) => requirement.id);

const rawResult = (index: number) =>
  fc
    .record({
      requirements: fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 4 }),
      outcome: fc.constantFrom('passed', 'failed', 'timeout', 'leaked', 'not-applicable' as const),
      pick: fc.nat(),
    })
    .map(({ requirements, outcome, pick }): CaseResult => {
      const violated =
        outcome === 'failed'
          ? [requirements[pick % requirements.length]!]
          : outcome === 'timeout' || outcome === 'leaked'
            ? requirements
            : [];
      return {
        id: `case-${index}`,
        title: `case ${index}`,
        requirements,
        status: outcome,
        outcome,
        durationMs: 1,
        violated,
        leaks: [],
        missingCapabilities: [],
      };
    });

const results = fc
  .integer({ min: 0, max: 12 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_unused, index) => rawResult(index))));

const waivers = (count: number) =>
  fc
    .uniqueArray(
      fc.oneof(
        fc.constantFrom(...ids),
        fc.integer({ min: 0, max: Math.max(0, count - 1) }).map((index) => `case:case-${index}`),
      ),
      { maxLength: 5 },
    )
    .map((list) => list.map((id): ExpectedFailure => ({ id, reason: 'known' })));

describe('reports built from any case results', () => {
  test('always verify, and pass only without failing cases, stale waivers, violated, untested or (in a full run) not-run requirements', () => {
    fc.assert(
      fc.property(
        results.chain((raw) => fc.tuple(fc.constant(raw), waivers(raw.length))),
        ([raw, expectedFailures]) => {
          const applied = raw.map((result) => applyWaiver(result, expectedFailures));
          const report = buildReport({
            implementation: { name: 'any' },
            capabilities: ALL_CAPABILITIES,
            expectedFailures,
            results: applied,
            startedAt: 'now',
            durationMs: 0,
          });
          expect(verifyReport(report)).toEqual({ ok: true, problems: [] });
          const failing = applied.some((result) =>
            ['failed', 'timeout', 'leaked', 'stale-waiver'].includes(result.status),
          );
          const open = report.requirements.some(
            (requirement) =>
              requirement.status === 'violated' ||
              requirement.status === 'untested' ||
              requirement.status === 'not-run',
          );
          expect(report.verdict === 'pass').toBe(!failing && !open && report.staleWaivers.length === 0);
          for (const requirement of report.requirements) {
            const unwaived = applied.some(
              (result) => result.violated.includes(requirement.id) && result.status !== 'waived',
            );
            if (unwaived) expect(requirement.status).toBe('violated');
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
