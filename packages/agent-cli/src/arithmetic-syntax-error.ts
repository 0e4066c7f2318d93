import { AgentCliError } from './agent-cli-error';

/**
 * `ARITHMETIC_SYNTAX`: an arithmetic expression could not be read (unexpected character,
 * missing operand or parenthesis, too long, nested too deeply). `position` is the offset of
 * the problem in the expression.
 */
export class ArithmeticSyntaxError extends AgentCliError {
  static override readonly code = 'ARITHMETIC_SYNTAX';
  /** Where in the expression the problem is (0-based character offset). */
  readonly position: number;

  constructor(message: string, position: number) {
    super(`${message} at position ${position}`, { code: ArithmeticSyntaxError.code });
    this.position = position;
  }
}
