import { describe, expect, it } from 'vitest';
import { ToolArgumentsError, ToolExecutionError, ToolNotFoundError, ToolsError, toToolResult } from './index';

describe('tool errors', () => {
  it('names the tool that is not offered', () => {
    const error = new ToolNotFoundError('weather');
    expect(error.code).toBe('TOOL_NOT_FOUND');
    expect(error.toolName).toBe('weather');
  });

  it('lists every argument problem in the message', () => {
    const error = new ToolArgumentsError({
      toolName: 'add',
      problems: ['a: expected number', 'b: required'],
    });
    expect(error.code).toBe('INVALID_TOOL_ARGUMENTS');
    expect(error.problems).toHaveLength(2);
    expect(error.message).toContain('a: expected number; b: required');
  });

  it('keeps what the tool threw as cause', () => {
    const cause = new Error('ENOENT');
    const error = new ToolExecutionError('read', { cause });
    expect(error.cause).toBe(cause);
    expect(error.message).toContain('ENOENT');
  });

  it('tells the error classes apart, across installed copies too', () => {
    expect(ToolsError.isInstance(new ToolNotFoundError('x'))).toBe(true);
    expect(ToolExecutionError.isInstance(new ToolNotFoundError('x'))).toBe(false);
    const foreign = Object.assign(new Error('x'), { code: 'TOOL_FAILED', toolName: 'x' });
    Object.defineProperty(foreign, Symbol.for('@aalis/api-tools/error'), { value: true });
    expect(ToolExecutionError.isInstance(foreign)).toBe(true);
    expect(ToolsError.isInstance(new Error('plain'))).toBe(false);
  });
});

describe('toToolResult', () => {
  it('wraps plain text as a successful result and keeps structured results', () => {
    expect(toToolResult('42')).toEqual({ content: '42' });
    const failed = { content: 'no such file', isError: true };
    expect(toToolResult(failed)).toBe(failed);
  });
});
