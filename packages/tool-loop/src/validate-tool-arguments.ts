import type { JsonSchema, ToolArguments } from '@aalis/api-tools';
import { type ZodType, z } from 'zod';

/** The outcome of checking a tool call's arguments. */
export type ToolArgumentsCheck =
  | { readonly ok: true; readonly args: ToolArguments }
  | { readonly ok: false; readonly problems: readonly string[] };

const compiled = new WeakMap<object, ZodType | undefined>();

function validatorOf(schema: JsonSchema): ZodType | undefined {
  if (compiled.has(schema)) return compiled.get(schema);
  let validator: ZodType | undefined;
  try {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    // A schema zod cannot read is not checked here; the tool service still validates.
    validator = undefined;
  }
  compiled.set(schema, validator);
  return validator;
}

function parseArguments(text: string): ToolArgumentsCheck {
  if (text.trim() === '') return { ok: true, args: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`the arguments are not valid JSON (${(error as Error).message})`] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problems: ['the arguments must be a JSON object'] };
  }
  return { ok: true, args: value as ToolArguments };
}

/**
 * The problems of an arguments object against a tool's JSON schema, each naming the
 * argument path (`(arguments)` for the whole object); empty when they match. Compiled
 * schemas are remembered per schema object; a schema zod cannot read is accepted unchecked.
 * Tool services can use it to validate calls that did not come through the loop.
 */
export function checkToolArguments(args: unknown, schema: JsonSchema): readonly string[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return ['(arguments): must be an object'];
  }
  const validator = typeof schema === 'object' && schema !== null ? validatorOf(schema) : undefined;
  if (validator === undefined) return [];
  const checked = validator.safeParse(args);
  if (checked.success) return [];
  return checked.error.issues.map(
    (issue) => `${issue.path.length === 0 ? '(arguments)' : issue.path.join('.')}: ${issue.message}`,
  );
}

/**
 * Parses a tool call's arguments as the model produced them (a JSON text, possibly
 * malformed; empty means `{}`) and validates them against the tool's JSON schema with
 * `z.fromJSONSchema` (see {@link checkToolArguments}).
 */
export function validateToolArguments(text: string, schema: JsonSchema): ToolArgumentsCheck {
  if (typeof text !== 'string') return { ok: false, problems: ['the arguments must be a JSON text'] };
  const parsed = parseArguments(text);
  if (!parsed.ok) return parsed;
  const problems = checkToolArguments(parsed.args, schema);
  return problems.length === 0 ? parsed : { ok: false, problems };
}
