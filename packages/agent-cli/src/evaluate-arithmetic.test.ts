import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentCliError, ArithmeticRangeError, ArithmeticSyntaxError, evaluateArithmetic } from './index';

describe('evaluateArithmetic', () => {
  it('follows the usual precedence: powers, then signs, then * / %, then + -', () => {
    expect(evaluateArithmetic('12*7')).toBe(84);
    expect(evaluateArithmetic('2 + 3 * 4')).toBe(14);
    expect(evaluateArithmetic('(2 + 3) * 4')).toBe(20);
    expect(evaluateArithmetic('10 - 4 - 3')).toBe(3);
    expect(evaluateArithmetic('100 / 10 / 5')).toBe(2);
    expect(evaluateArithmetic('17 % 5 * 2')).toBe(4);
    expect(evaluateArithmetic('-3^2')).toBe(-9);
    expect(evaluateArithmetic('(-3)^2')).toBe(9);
    expect(evaluateArithmetic('2^3^2')).toBe(512);
    expect(evaluateArithmetic('2**-1')).toBe(0.5);
  });

  it('reads decimals, exponents, unicode operators and blanks', () => {
    expect(evaluateArithmetic(' .5 + 1.25 ')).toBe(1.75);
    expect(evaluateArithmetic('1e3 + 2E-1')).toBe(1000.2);
    expect(evaluateArithmetic('6 × 7 ÷ 2')).toBe(21);
    expect(evaluateArithmetic('--4')).toBe(4);
  });

  it('rejects what is not arithmetic with a syntax error naming the position, never running it', () => {
    const cases: [string, number][] = [
      ['process.exit(1)', 0],
      ['1 + constructor', 4],
      ['2 +', 3],
      ['(1 + 2', 6],
      ['1 2', 2],
      ['', 0],
      ['1; 2', 1],
    ];
    for (const [expression, position] of cases) {
      let caught: unknown;
      try {
        evaluateArithmetic(expression);
      } catch (error) {
        caught = error;
      }
      expect(ArithmeticSyntaxError.isInstance(caught), expression).toBe(true);
      expect((caught as ArithmeticSyntaxError).position, expression).toBe(position);
      expect((caught as ArithmeticSyntaxError).code).toBe('ARITHMETIC_SYNTAX');
    }
  });

  it('rejects division by zero and overflow as not finite', () => {
    for (const expression of ['1/0', '5 % (2 - 2)', '10^400']) {
      expect(() => evaluateArithmetic(expression)).toThrow(ArithmeticRangeError);
    }
    let caught: unknown;
    try {
      evaluateArithmetic('1/0');
    } catch (error) {
      caught = error;
    }
    expect(ArithmeticRangeError.isInstance(caught)).toBe(true);
    expect(AgentCliError.isInstance(caught)).toBe(true);
    expect(ArithmeticSyntaxError.isInstance(caught)).toBe(false);
  });

  it('refuses over-long and over-nested expressions instead of overflowing the stack', () => {
    expect(() => evaluateArithmetic(`${'1+'.repeat(300)}1`)).toThrow(ArithmeticSyntaxError);
    expect(() => evaluateArithmetic(`${'('.repeat(100)}1${')'.repeat(100)}`)).toThrow(/nested deeper/);
    expect(evaluateArithmetic(`${'('.repeat(40)}1${')'.repeat(40)}`)).toBe(1);
  });

  it('a non-string is a TypeError', () => {
    expect(() => evaluateArithmetic(42 as unknown as string)).toThrow(TypeError);
  });

  it('agrees with a reference evaluation of random expression trees', () => {
    type Tree = { readonly text: string; readonly value: number };
    const leaf = fc.integer({ min: 0, max: 999 }).map((value): Tree => ({ text: String(value), value }));
    const tree = fc.letrec<{ node: Tree }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(tie('node'), fc.constantFrom('+', '-', '*'), tie('node')).map(
          ([left, operator, right]): Tree => ({
            text: `(${left.text} ${operator} ${right.text})`,
            value:
              operator === '+'
                ? left.value + right.value
                : operator === '-'
                  ? left.value - right.value
                  : left.value * right.value,
          }),
        ),
        tie('node').map((inner): Tree => ({ text: `-(${inner.text})`, value: -inner.value })),
      ),
    })).node;
    fc.assert(
      fc.property(tree, ({ text, value }) => {
        // `+ 0` makes -0 and 0 compare equal.
        expect(evaluateArithmetic(text) + 0).toBe(value + 0);
      }),
    );
  });
});
