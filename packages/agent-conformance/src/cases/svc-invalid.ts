import type { IncomingMessage } from '@aalis/schema-message';
import { assert } from '../assert';
import { type CaseContext, defineCase } from '../define-case';
import { session, turns } from './scenario';

/**
 * [SVC-3] 「handleMessage rejects only for an invalid input (schema violation: a typed validation
 * error naming the bad field), and then nothing was archived and no turn started」 — for a field
 * of the wrong type, a required field left out, and a bad field inside a nested object, whose
 * name is its path (`actor.id`), not only the object holding it.
 */

/** What an invalid input of a case looks like, and how the error may name its bad field. */
interface InvalidInput {
  /** The input, as a caller that does not use the types might send it. */
  readonly input: Record<string, unknown>;
  /** What is wrong with it, for the messages. */
  readonly what: string;
  /** The bad field's path, dotted. */
  readonly field: string;
  /** Whether an error message names the field, in whatever notation the agent writes paths. */
  readonly named: (message: string) => boolean;
}

/** Sends `invalid` and checks it rejected with an Error naming the field, archiving nothing. */
async function assertRejected(context: CaseContext, invalid: InvalidInput): Promise<void> {
  const h = context.harness;
  session(h, 's1');
  const record = await context.agent.send(invalid.input as unknown as IncomingMessage).done;
  assert.equal('SVC-3', record.state, 'rejected', {
    rule: 'handleMessage must reject an invalid input',
    subject: `the handleMessage promise of an input ${invalid.what}`,
  });
  const error = record.error as { readonly message?: unknown; readonly field?: unknown };
  assert.that('SVC-3', record.error instanceof Error, {
    rule: 'an invalid input must be rejected with an Error (a typed validation error)',
    observed: `it rejected with ${String(record.error)}, not an Error`,
  });
  assert.that('SVC-3', error.field === invalid.field || invalid.named(String(error.message)), {
    rule: 'the validation error must name the bad field',
    observed: `the error did not name the field "${invalid.field}": "${String(error.message)}"`,
  });
  assert.equal('SVC-3', h.archive.writes.length, 0, {
    rule: 'an invalid input must archive nothing',
    subject: `the number of archive writes for an input ${invalid.what}`,
  });
  assert.equal('SVC-3', turns(h).length, 0, {
    rule: 'an invalid input must start no turn',
    subject: `the number of turns started for an input ${invalid.what}`,
  });
}

const FIELDS = { sessionId: 's1', platform: 'conformance', userId: 'user-1' } as const;

const invalidInput = defineCase({
  requirements: ['SVC-3'],
  name: 'an invalid input rejects with a validation error naming the bad field and archives nothing',
  run: (context) =>
    assertRejected(context, {
      input: { ...FIELDS, content: 42 },
      what: 'whose content is a number',
      field: 'content',
      named: (message) => message.includes('content'),
    }),
});

/**
 * A required field left out is a schema violation too. The near miss reads a missing `content`
 * as empty (an input of images only) and runs a turn on it.
 */
const missingContent = defineCase({
  requirements: ['SVC-3'],
  name: 'an input without content rejects with a validation error naming content and archives nothing',
  run: (context) =>
    assertRejected(context, {
      input: { ...FIELDS },
      what: 'without content',
      field: 'content',
      named: (message) => message.includes('content'),
    }),
});

/**
 * The bad field of a nested object is named by its path. The near miss names only the first
 * segment (`actor`), which does not tell the caller what to fix.
 */
const nestedField = defineCase({
  requirements: ['SVC-3'],
  name: 'an input whose actor id is not a string rejects with a validation error naming actor.id',
  run: (context) =>
    assertRejected(context, {
      input: { ...FIELDS, content: 'hello', actor: { id: 42, name: 'Ada' } },
      what: 'whose actor id is a number',
      field: 'actor.id',
      named: (message) => /actor\s*(\.|\/|→|>|\[\s*['"]?)\s*id\b/.test(message),
    }),
});

/** The cases of invalid inputs ([SVC-3]). */
export const SVC_INVALID_CASES = [invalidInput, missingContent, nestedField];
