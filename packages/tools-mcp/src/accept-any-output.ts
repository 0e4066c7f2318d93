import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/**
 * A JSON-schema validator that accepts any structured output: the model reads the output as
 * JSON whatever its shape, and compiling every listed tool's output schema would cost time
 * and memory a hostile server chooses.
 */
export const acceptAnyOutput: jsonSchemaValidator = {
  getValidator<TValue>(): JsonSchemaValidator<TValue> {
    return (input) => ({ valid: true, data: input as TValue, errorMessage: undefined });
  },
};
