import { describe, expect, it } from 'vitest';
import {
  InvalidPromptContributionError,
  PromptAssemblerError,
  PromptAssemblyAbortedError,
  PromptContributionFailedError,
  PromptContributionTimeoutError,
} from './index';

describe('errors', () => {
  it('give each failure a stable code, the key of the contribution and the cause', () => {
    const cause = new Error('boom');
    const failed = new PromptContributionFailedError({ key: 'p#1/a', cause });
    const timeout = new PromptContributionTimeoutError({ key: 'p#1/b', timeoutMs: 250 });
    const invalid = new InvalidPromptContributionError({ key: 'p#1/c', reason: 'no build' });
    const aborted = new PromptAssemblyAbortedError({ cause: 'stop' });
    expect([failed.code, timeout.code, invalid.code, aborted.code]).toEqual([
      'PROMPT_CONTRIBUTION_FAILED',
      'PROMPT_CONTRIBUTION_TIMEOUT',
      'PROMPT_CONTRIBUTION_INVALID',
      'PROMPT_ASSEMBLY_ABORTED',
    ]);
    expect([failed.key, timeout.key, invalid.key]).toEqual(['p#1/a', 'p#1/b', 'p#1/c']);
    expect(failed.cause).toBe(cause);
    expect(aborted.cause).toBe('stop');
    expect(timeout.timeoutMs).toBe(250);
    expect(invalid.message).toContain('no build');
    for (const error of [failed, timeout, invalid, aborted]) {
      expect(error).toBeInstanceOf(PromptAssemblerError);
      expect(PromptAssemblerError.isInstance(error)).toBe(true);
    }
  });

  it('tells subclasses apart with isInstance', () => {
    const timeout = new PromptContributionTimeoutError({ key: 'p#1/b', timeoutMs: 1 });
    expect(PromptContributionTimeoutError.isInstance(timeout)).toBe(true);
    expect(PromptContributionFailedError.isInstance(timeout)).toBe(false);
    expect(InvalidPromptContributionError.isInstance(timeout)).toBe(false);
    expect(PromptAssemblyAbortedError.isInstance(timeout)).toBe(false);
  });

  it('recognises an error of another installed copy through the shared brand, and nothing else', () => {
    const fromOtherCopy = Object.assign(new Error('x'), { code: 'PROMPT_CONTRIBUTION_TIMEOUT' });
    Object.defineProperty(fromOtherCopy, Symbol.for('@aalis/prompt-assembler/error'), { value: true });
    expect(PromptContributionTimeoutError.isInstance(fromOtherCopy)).toBe(true);
    expect(PromptAssemblerError.isInstance(new Error('plain'))).toBe(false);
    expect(PromptAssemblerError.isInstance({ code: 'PROMPT_CONTRIBUTION_TIMEOUT' })).toBe(false);
    expect(PromptAssemblerError.isInstance(null)).toBe(false);
  });
});
