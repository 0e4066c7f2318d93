import type { JsonSchema, ToolArguments } from '@aalis/api-tools';
import { type ZodType, z } from 'zod';

const validators = new WeakMap<object, ZodType | undefined>();

/**
 * The problems of `args` against a tool's JSON schema, each naming the argument path; empty
 * when they match. Arguments must be a plain object. Schemas are compiled once (zod's
 * `fromJSONSchema`); one zod cannot read is not checked.
 */
export function checkToolArguments(args: unknown, schema: JsonSchema): string[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return ['(arguments): must be an object'];
  }
  const validator = validatorOf(schema);
  if (validator === undefined) return [];
  const checked = validator.safeParse(args as ToolArguments);
  if (checked.success) return [];
  return checked.error.issues.map(
    (issue) => `${issue.path.length === 0 ? '(arguments)' : issue.path.join('.')}: ${issue.message}`,
  );
}

function validatorOf(schema: JsonSchema): ZodType | undefined {
  if (validators.has(schema)) return validators.get(schema);
  let validator: ZodType | undefined;
  try {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    validator = undefined;
  }
  validators.set(schema, validator);
  return validator;
}
