import { describe, expect, it } from 'vitest';
import { ToolsMcpError } from './tools-mcp-error';

class ExampleError extends ToolsMcpError {
  static override readonly code = 'EXAMPLE';
  constructor(options: { readonly cause?: unknown } = {}) {
    super('an example failure', { ...options, serverName: 'files', code: ExampleError.code });
  }
}

describe('ToolsMcpError', () => {
  it('has the name of its class, a stable code and the cause it was given', () => {
    const cause = new Error('underlying');
    const error = new ExampleError({ cause });
    expect(error).toBeInstanceOf(ToolsMcpError);
    expect(error.name).toBe('ExampleError');
    expect(error.code).toBe('EXAMPLE');
    expect(error.cause).toBe(cause);
    expect(error.serverName).toBe('files');
  });

  it('isInstance recognises the errors of the package by brand, a subclass only its own code', () => {
    const other = new ToolsMcpError('another failure', { code: 'OTHER', serverName: 'files' });
    expect(ToolsMcpError.isInstance(new ExampleError())).toBe(true);
    expect(ToolsMcpError.isInstance(other)).toBe(true);
    expect(ExampleError.isInstance(other)).toBe(false);
    expect(ToolsMcpError.isInstance(Object.assign(new Error('x'), { code: 'EXAMPLE' }))).toBe(false);
    expect([other].some(ExampleError.isInstance)).toBe(false);
    expect([other].some(ToolsMcpError.isInstance)).toBe(true);
  });
});
