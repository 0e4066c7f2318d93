import { describe, expect, it } from 'vitest';
import { TurnSchedulerError } from './turn-scheduler-error';

class ExampleError extends TurnSchedulerError {
  static override readonly code = 'EXAMPLE';
  constructor(options: { readonly cause?: unknown } = {}) {
    super('an example failure', { ...options, code: ExampleError.code });
  }
}

describe('TurnSchedulerError', () => {
  it('has the name of its class, a stable code and the cause it was given', () => {
    const cause = new Error('underlying');
    const error = new ExampleError({ cause });
    expect(error).toBeInstanceOf(TurnSchedulerError);
    expect(error.name).toBe('ExampleError');
    expect(error.code).toBe('EXAMPLE');
    expect(error.cause).toBe(cause);
  });

  it('isInstance recognises the errors of the package by brand, a subclass only its own code', () => {
    const other = new TurnSchedulerError('another failure', { code: 'OTHER' });
    expect(TurnSchedulerError.isInstance(new ExampleError())).toBe(true);
    expect(TurnSchedulerError.isInstance(other)).toBe(true);
    expect(ExampleError.isInstance(other)).toBe(false);
    expect(TurnSchedulerError.isInstance(Object.assign(new Error('x'), { code: 'EXAMPLE' }))).toBe(false);
    expect([other].some(ExampleError.isInstance)).toBe(false);
    expect([other].some(TurnSchedulerError.isInstance)).toBe(true);
  });
});
