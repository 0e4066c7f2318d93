import type { Tool } from '@aalis/api-tools';
import { AgentCliError } from './agent-cli-error';
import { evaluateArithmetic } from './evaluate-arithmetic';

/**
 * The `arithmetic` tool: evaluates one expression with {@link evaluateArithmetic} (a parser,
 * never `eval`). The answer is the value with at most 12 significant digits (`0.1+0.2` gives
 * `0.3`); an expression it cannot evaluate gives a failed result (`isError`) saying why, which
 * the model reads.
 */
export const arithmeticTool: Tool = {
  name: 'arithmetic',
  description:
    'Evaluates an arithmetic expression exactly: numbers, + - * / %, ^ for powers and parentheses. ' +
    'Use it for any calculation.',
  parameters: {
    type: 'object',
    properties: {
      expression: { type: 'string', description: 'The expression, e.g. "(3 + 4) * 2".' },
    },
    required: ['expression'],
    additionalProperties: false,
  },
  async execute(args) {
    const expression = String(args.expression);
    try {
      return formatNumber(evaluateArithmetic(expression));
    } catch (error) {
      if (AgentCliError.isInstance(error)) return { content: `error: ${error.message}`, isError: true };
      throw error;
    }
  },
};

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number.parseFloat(value.toPrecision(12)));
}
