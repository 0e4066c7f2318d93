import { PROMPT_BUCKETS } from '@aalis/api-agent';
import { isTextRef } from '@aalis/schema-message';

const promptBuckets: ReadonlySet<unknown> = new Set(PROMPT_BUCKETS);

/**
 * What is wrong with a contributed `agent:prompt` spec, or `undefined` when it keeps the
 * contract. Contributions come from other plugins at run time, so the assembler checks them
 * instead of trusting their types.
 */
export function contributionSpecProblem(spec: unknown): string | undefined {
  if (typeof spec !== 'object' || spec === null) return 'the spec is not an object';
  const fields = spec as Readonly<Record<string, unknown>>;
  if (typeof fields.localId !== 'string' || fields.localId.length === 0)
    return 'localId must be a non-empty string';
  if (!promptBuckets.has(fields.bucket)) return `bucket must be one of ${PROMPT_BUCKETS.join(', ')}`;
  if (typeof fields.label !== 'string' && !isTextRef(fields.label))
    return 'label must be a string or a TextRef';
  if (typeof fields.build !== 'function') return 'build must be a function';
  if (fields.order !== undefined && !Number.isFinite(fields.order)) return 'order must be a finite number';
  if (fields.volatile !== undefined && typeof fields.volatile !== 'boolean')
    return 'volatile must be a boolean';
  if (fields.timeoutMs !== undefined && !isTimeLimit(fields.timeoutMs)) {
    return 'timeoutMs must be a positive number';
  }
  return undefined;
}

/** A usable time limit: a positive number of milliseconds, `Infinity` for none. */
export function isTimeLimit(value: unknown): value is number {
  return typeof value === 'number' && value > 0;
}
