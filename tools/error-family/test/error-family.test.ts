import { describe, expect, it, vi } from 'vitest';
import * as first from './example-error';

/** A second instance of the same module: what a second installed copy of a package gives. */
async function secondCopy(): Promise<typeof first> {
  vi.resetModules();
  return import('./example-error');
}

describe('error family helper', () => {
  it('gives name, code and message; the cause only when one was given', () => {
    const cause = new Error('root');
    const error = new first.FirstError({ cause });
    expect(error).toBeInstanceOf(first.ExampleError);
    expect(error.name).toBe('FirstError');
    expect(error.code).toBe('FIRST');
    expect(error.message).toBe('first');
    expect(error.cause).toBe(cause);
    expect('cause' in new first.SecondError()).toBe(false);
  });

  it('base isInstance recognises every error of the family, subclass isInstance only its code', () => {
    const firstError = new first.FirstError();
    const secondError = new first.SecondError();
    expect(first.ExampleError.isInstance(firstError)).toBe(true);
    expect(first.ExampleError.isInstance(secondError)).toBe(true);
    expect(first.FirstError.isInstance(firstError)).toBe(true);
    expect(first.FirstError.isInstance(secondError)).toBe(false);
    expect(first.SecondError.isInstance(firstError)).toBe(false);
  });

  it('recognises errors made by a second copy of the module, where instanceof does not', async () => {
    const other = await secondCopy();
    expect(other.ExampleError).not.toBe(first.ExampleError);
    const foreign = new other.FirstError();
    expect(foreign).not.toBeInstanceOf(first.ExampleError);
    expect(first.ExampleError.isInstance(foreign)).toBe(true);
    expect(first.FirstError.isInstance(foreign)).toBe(true);
    expect(first.SecondError.isInstance(foreign)).toBe(false);
    expect(other.FirstError.isInstance(new first.FirstError())).toBe(true);
  });

  it('a subclass that keeps its parent code is told apart by name', () => {
    const refined = new first.RefinedFirstError();
    expect(refined.code).toBe('FIRST');
    expect(first.FirstError.isInstance(refined)).toBe(true);
    expect(first.RefinedFirstError.isInstance(refined)).toBe(true);
    expect(first.RefinedFirstError.isInstance(new first.FirstError())).toBe(false);
  });

  it('a subclass with several codes and none of its own is told apart by name', () => {
    const several = new first.SeveralCodesError('SEVERAL_A');
    expect(first.SeveralCodesError.isInstance(several)).toBe(true);
    expect(first.SeveralCodesError.isInstance(new first.SeveralCodesError('SEVERAL_B'))).toBe(true);
    expect(first.SeveralCodesError.isInstance(new first.FirstError())).toBe(false);
    expect(first.ExampleError.isInstance(several)).toBe(true);
  });

  it('isInstance works detached, still checking the class it was taken from', () => {
    const errors: unknown[] = [new first.SecondError(), new Error('plain')];
    expect(errors.some(first.FirstError.isInstance)).toBe(false);
    expect(errors.some(first.SecondError.isInstance)).toBe(true);
    expect(errors.filter(first.ExampleError.isInstance)).toHaveLength(1);
    expect(first.FirstError.isInstance).toBe(first.FirstError.isInstance);
  });

  it('rejects values without the brand, even with a matching code and name', () => {
    const lookalike = Object.assign(new Error('first'), { name: 'FirstError', code: 'FIRST' });
    expect(first.ExampleError.isInstance(lookalike)).toBe(false);
    expect(first.FirstError.isInstance(lookalike)).toBe(false);
    expect(first.ExampleError.isInstance(null)).toBe(false);
    expect(first.ExampleError.isInstance('FIRST')).toBe(false);
  });
});
