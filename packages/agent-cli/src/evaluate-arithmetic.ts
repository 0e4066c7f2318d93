import { ArithmeticRangeError } from './arithmetic-range-error';
import { ArithmeticSyntaxError } from './arithmetic-syntax-error';

/** The longest expression read, in characters. */
const MAXIMUM_EXPRESSION_LENGTH = 500;
const MAXIMUM_DEPTH = 64;

type Token =
  | { readonly type: 'number'; readonly value: number; readonly position: number }
  | { readonly type: 'operator'; readonly value: string; readonly position: number }
  | { readonly type: 'end'; readonly position: number };

const OPERATOR_ALIASES: Readonly<Record<string, string>> = { '×': '*', '÷': '/', '**': '^' };
const NUMBER_PATTERN = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;

/**
 * Evaluates an arithmetic expression with a small recursive-descent parser — never `eval`
 * or `Function`: numbers (`12`, `3.5`, `.5`, `1e3`), `+ - * / %`, `^` or `**` (power,
 * right-associative), `×` and `÷`, unary signs and parentheses; whitespace is ignored.
 * Throws `ArithmeticSyntaxError` for anything else (with the position) and
 * `ArithmeticRangeError` when the value is not finite (division by zero, overflow).
 */
export function evaluateArithmetic(expression: string): number {
  if (typeof expression !== 'string') throw new TypeError('An arithmetic expression must be a string');
  if (expression.length > MAXIMUM_EXPRESSION_LENGTH) {
    throw new ArithmeticSyntaxError(
      `the expression is longer than ${MAXIMUM_EXPRESSION_LENGTH} characters`,
      0,
    );
  }
  const parser = new Parser(tokenize(expression));
  const value = parser.expression(0);
  parser.expectEnd();
  if (!Number.isFinite(value)) throw new ArithmeticRangeError(`${expression.trim()} is not a finite number`);
  return value;
}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < expression.length) {
    const rest = expression.slice(position);
    const space = /^\s+/.exec(rest);
    if (space !== null) {
      position += space[0].length;
      continue;
    }
    const number = NUMBER_PATTERN.exec(rest);
    if (number !== null) {
      tokens.push({ type: 'number', value: Number(number[0]), position });
      position += number[0].length;
      continue;
    }
    const operator = rest.startsWith('**') ? '**' : rest[0];
    if (operator === undefined || !/^(?:\*\*|[-+*/%^()×÷])$/.test(operator)) {
      throw new ArithmeticSyntaxError(`unexpected character "${rest[0] ?? ''}"`, position);
    }
    tokens.push({ type: 'operator', value: OPERATOR_ALIASES[operator] ?? operator, position });
    position += operator.length;
  }
  tokens.push({ type: 'end', position });
  return tokens;
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  /** expression := term (('+' | '-') term)* */
  expression(depth: number): number {
    let value = this.term(depth);
    for (let operator = this.operator('+', '-'); operator !== undefined; operator = this.operator('+', '-')) {
      const right = this.term(depth);
      value = operator === '+' ? value + right : value - right;
    }
    return value;
  }

  /** term := unary (('*' | '/' | '%') unary)* */
  private term(depth: number): number {
    let value = this.unary(depth);
    for (let operator = this.operator('*', '/', '%'); operator !== undefined; ) {
      const position = this.previousPosition();
      const right = this.unary(depth);
      if ((operator === '/' || operator === '%') && right === 0) {
        throw new ArithmeticRangeError(`division by zero at position ${position}`);
      }
      value = operator === '*' ? value * right : operator === '/' ? value / right : value % right;
      operator = this.operator('*', '/', '%');
    }
    return value;
  }

  /** unary := ('+' | '-') unary | power */
  private unary(depth: number): number {
    this.guardDepth(depth);
    const sign = this.operator('+', '-');
    if (sign === undefined) return this.power(depth);
    const value = this.unary(depth + 1);
    return sign === '-' ? -value : value;
  }

  /** power := primary ('^' unary)? — right-associative, binds tighter than a leading sign. */
  private power(depth: number): number {
    const base = this.primary(depth);
    if (this.operator('^') === undefined) return base;
    return base ** this.unary(depth + 1);
  }

  /** primary := number | '(' expression ')' */
  private primary(depth: number): number {
    const token = this.next();
    if (token.type === 'number') return token.value;
    if (token.type === 'operator' && token.value === '(') {
      const value = this.expression(depth + 1);
      const closing = this.next();
      if (closing.type !== 'operator' || closing.value !== ')') {
        throw new ArithmeticSyntaxError('missing ")"', closing.position);
      }
      return value;
    }
    const found = token.type === 'end' ? 'the end' : `"${token.value}"`;
    throw new ArithmeticSyntaxError(`expected a number or "(" but found ${found}`, token.position);
  }

  expectEnd(): void {
    const token = this.tokens[this.index];
    if (token !== undefined && token.type !== 'end') {
      const found = token.type === 'number' ? String(token.value) : token.value;
      throw new ArithmeticSyntaxError(`unexpected "${found}"`, token.position);
    }
  }

  private operator(...accepted: string[]): string | undefined {
    const token = this.tokens[this.index];
    if (token?.type !== 'operator' || !accepted.includes(token.value)) return undefined;
    this.index += 1;
    return token.value;
  }

  private next(): Token {
    const token = this.tokens[this.index] ?? this.tokens[this.tokens.length - 1];
    if (token === undefined) throw new ArithmeticSyntaxError('empty expression', 0);
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private previousPosition(): number {
    return this.tokens[this.index - 1]?.position ?? 0;
  }

  private guardDepth(depth: number): void {
    if (depth > MAXIMUM_DEPTH) {
      throw new ArithmeticSyntaxError(
        `nested deeper than ${MAXIMUM_DEPTH} levels`,
        this.tokens[this.index]?.position ?? 0,
      );
    }
  }
}
