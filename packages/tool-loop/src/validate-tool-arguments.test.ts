import { describe, expect, it } from 'vitest';
import { checkToolArguments, validateToolArguments } from './validate-tool-arguments';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  required: ['city'],
  additionalProperties: false,
};

describe('validateToolArguments', () => {
  it('parses valid arguments into an object', () => {
    expect(validateToolArguments('{"city":"Paris","days":2}', schema)).toEqual({
      ok: true,
      args: { city: 'Paris', days: 2 },
    });
  });

  it('treats empty arguments as an empty object', () => {
    expect(validateToolArguments('  ', { type: 'object', properties: {} })).toEqual({ ok: true, args: {} });
  });

  it('reports malformed JSON', () => {
    const check = validateToolArguments('{"city": "Par', schema);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problems[0]).toMatch(/^the arguments are not valid JSON/);
  });

  it('reports JSON that is not an object', () => {
    expect(validateToolArguments('[1,2]', schema)).toEqual({
      ok: false,
      problems: ['the arguments must be a JSON object'],
    });
  });

  it('reports every schema violation with the argument path', () => {
    const check = validateToolArguments('{"days":0,"extra":true}', schema);
    expect(check.ok).toBe(false);
    const problems = check.ok ? [] : check.problems;
    expect(problems.some((problem) => problem.startsWith('city:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('days:'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('(arguments):') && problem.includes('extra'))).toBe(
      true,
    );
  });

  it('accepts arguments unchecked when zod cannot read the schema', () => {
    expect(validateToolArguments('{"a":1}', { type: 'no-such-type' })).toEqual({ ok: true, args: { a: 1 } });
  });
});

describe('checkToolArguments', () => {
  const schema = {
    type: 'object',
    properties: { expression: { type: 'string' } },
    required: ['expression'],
  } as const;

  it('accepts an arguments object that matches the schema', () => {
    expect(checkToolArguments({ expression: '1+1' }, schema)).toEqual([]);
  });

  it('names the argument path of each problem, and rejects what is not an object', () => {
    expect(checkToolArguments({ expression: 7 }, schema)).toEqual([expect.stringMatching(/^expression: /)]);
    expect(checkToolArguments(['1+1'], schema)).toEqual(['(arguments): must be an object']);
  });
});
