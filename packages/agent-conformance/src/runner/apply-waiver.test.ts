import { describe, expect, test } from 'vitest';
import { CASES } from '../cases/index';
import { type CaseResult, ExpectedFailuresError } from '../index';
import { applyWaiver, staleWaivers, validateExpectedFailures } from './index';

function result(overrides: Partial<CaseResult>): CaseResult {
  return {
    id: 'abt-3-x',
    title: '[ABT-3] x',
    requirements: ['ABT-3', 'ARC-6'],
    status: 'passed',
    outcome: 'passed',
    durationMs: 1,
    violated: [],
    leaks: [],
    missingCapabilities: [],
    ...overrides,
  };
}

const failed = result({ status: 'failed', outcome: 'failed', violated: ['ABT-3'], message: 'broken' });

describe('validateExpectedFailures', () => {
  test('accepts requirement ids and case ids with reasons', () => {
    const caseId = `case:${CASES[0]!.id}`;
    expect(
      validateExpectedFailures(
        [
          { id: 'ABT-3', reason: 'known' },
          { id: caseId, reason: 'flaky' },
        ],
        CASES,
      ),
    ).toHaveLength(2);
    expect(validateExpectedFailures(undefined, CASES)).toEqual([]);
  });

  test('rejects unknown ids, missing reasons and duplicates with every problem listed', () => {
    const error = (() => {
      try {
        validateExpectedFailures(
          [
            { id: 'ABT-99', reason: 'x' },
            { id: 'ABT-1', reason: ' ' },
            { id: 'ABT-1', reason: 'y' },
            { id: 'case:nope', reason: 'z' },
          ],
          CASES,
        );
      } catch (caught) {
        return caught;
      }
    })();
    expect(ExpectedFailuresError.isInstance(error)).toBe(true);
    expect((error as ExpectedFailuresError).problems).toEqual([
      '"ABT-99" names no requirement or case of the kit',
      '"ABT-1" has no reason',
      '"ABT-1" is listed twice',
      '"case:nope" names no requirement or case of the kit',
    ]);
  });
});

describe('applyWaiver', () => {
  test('waives a failure whose violated requirements are all listed', () => {
    expect(applyWaiver(failed, [{ id: 'ABT-3', reason: 'known' }])).toMatchObject({
      status: 'waived',
      outcome: 'failed',
      waiver: { id: 'ABT-3' },
    });
    expect(applyWaiver(failed, [{ id: 'ARC-6', reason: 'other' }]).status).toBe('failed');
  });

  test('waives any failure of a listed case and marks a listed case that passed stale', () => {
    const waiver = { id: 'case:abt-3-x', reason: 'known' };
    expect(applyWaiver(failed, [waiver]).status).toBe('waived');
    const stale = applyWaiver(result({}), [waiver]);
    expect(stale).toMatchObject({ status: 'stale-waiver', outcome: 'passed' });
    expect(stale.message).toBe(
      `stale waiver case:abt-3-x ("known"): the case abt-3-x passed; remove { id: 'case:abt-3-x' } from expectedFailures`,
    );
  });

  test('leaves not-applicable results alone', () => {
    const skipped = result({ status: 'not-applicable', outcome: 'not-applicable' });
    expect(applyWaiver(skipped, [{ id: 'case:abt-3-x', reason: 'x' }])).toBe(skipped);
  });
});

describe('staleWaivers', () => {
  test('lists requirement waivers whose requirement ran and broke nowhere, and stale case waivers', () => {
    const waivers = [
      { id: 'ABT-3', reason: 'still broken' },
      { id: 'ARC-6', reason: 'fixed by now' },
      { id: 'SVC-1', reason: 'never ran' },
      { id: 'case:abt-3-x', reason: 'x' },
    ];
    const results = [applyWaiver(failed, waivers), result({ id: 'other', status: 'stale-waiver' })];
    expect(staleWaivers(results, waivers).map((waiver) => waiver.id)).toEqual(['ARC-6']);
    const passedCase = [applyWaiver(result({}), waivers)];
    expect(staleWaivers(passedCase, waivers).map((waiver) => waiver.id)).toEqual([
      'ABT-3',
      'ARC-6',
      'case:abt-3-x',
    ]);
  });
});
