import { describe, expect, it } from 'vitest';
import { MessageValidationError, SchemaMessageError } from './index';

describe('SchemaMessageError.isInstance', () => {
  it('recognises an error branded by another installed copy of the package', () => {
    const foreign = Object.assign(new Error('x'), {
      name: 'MessageValidationError',
      code: 'INVALID_MESSAGE',
    });
    Object.defineProperty(foreign, Symbol.for('@aalis/schema-message/error'), { value: true });
    expect(SchemaMessageError.isInstance(foreign)).toBe(true);
    expect(MessageValidationError.isInstance(foreign)).toBe(true);
  });

  it('rejects plain errors and non-errors', () => {
    expect(SchemaMessageError.isInstance(new Error('x'))).toBe(false);
    expect(SchemaMessageError.isInstance({ code: 'INVALID_INCOMING_MESSAGE' })).toBe(false);
    expect(MessageValidationError.isInstance(null)).toBe(false);
  });

  it('tells a base error from a validation error', () => {
    const base = new SchemaMessageError('x', { code: 'SOMETHING' });
    expect(SchemaMessageError.isInstance(base)).toBe(true);
    expect(MessageValidationError.isInstance(base)).toBe(false);
  });
});
