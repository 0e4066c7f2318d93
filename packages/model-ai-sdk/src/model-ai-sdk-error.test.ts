import { describe, expect, it } from 'vitest';
import { ModelAiSdkError } from './model-ai-sdk-error';

class ExampleError extends ModelAiSdkError {
  static override readonly code = 'EXAMPLE';
  constructor(options: { readonly cause?: unknown } = {}) {
    super('an example failure', { ...options, code: ExampleError.code });
  }
}

describe('ModelAiSdkError', () => {
  it('has the name of its class, a stable code and the cause it was given', () => {
    const cause = new Error('underlying');
    const error = new ExampleError({ cause });
    expect(error).toBeInstanceOf(ModelAiSdkError);
    expect(error.name).toBe('ExampleError');
    expect(error.code).toBe('EXAMPLE');
    expect(error.cause).toBe(cause);
  });

  it('isInstance recognises the errors of the package by brand, a subclass only its own code', () => {
    const other = new ModelAiSdkError('another failure', { code: 'OTHER' });
    expect(ModelAiSdkError.isInstance(new ExampleError())).toBe(true);
    expect(ModelAiSdkError.isInstance(other)).toBe(true);
    expect(ExampleError.isInstance(other)).toBe(false);
    expect(ModelAiSdkError.isInstance(Object.assign(new Error('x'), { code: 'EXAMPLE' }))).toBe(false);
    expect([other].some(ExampleError.isInstance)).toBe(false);
    expect([other].some(ModelAiSdkError.isInstance)).toBe(true);
  });
});
