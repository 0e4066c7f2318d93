import { describe, expect, it } from 'vitest';
import { CaseTimeoutError } from './case-timeout-error';

describe('CaseTimeoutError', () => {
  it('names the first eight items of a long list and counts the rest, keeping all in its properties', () => {
    const open = Array.from({ length: 256 }, (_, index) => `handleMessage of "hi" (session s${index})`);
    const error = new CaseTimeoutError({ caseId: 'liv-4-crowd', phase: 'case', timeoutMs: 10_000, open });
    expect(error.message).toContain('(session s7); and 248 more.');
    expect(error.message).not.toContain('(session s8)');
    expect(error.open).toHaveLength(256);
  });

  it('lists a short list whole', () => {
    const error = new CaseTimeoutError({
      caseId: 'c',
      phase: 'factory',
      timeoutMs: 5,
      waitingFor: ['a', 'b'],
      neverCalled: ['scripted model step 1 (replies "x")'],
    });
    expect(error.message).toBe(
      'the factory of case c did not finish within 5 ms. It was waiting for: a; b. Scripted but never called: scripted model step 1 (replies "x").',
    );
    expect(error.code).toBe('CASE_TIMEOUT');
  });
});
