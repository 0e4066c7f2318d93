import { AgentCliError } from './agent-cli-error';

/** `ARITHMETIC_NOT_FINITE`: the expression is well-formed but its value is not a finite number (e.g. `1/0`). */
export class ArithmeticRangeError extends AgentCliError {
  static override readonly code = 'ARITHMETIC_NOT_FINITE';

  constructor(message: string) {
    super(message, { code: ArithmeticRangeError.code });
  }
}
