import { CapabilitiesError } from './capabilities-error';

/**
 * The capability keys an implementation declares: `preprocessors` (it supports
 * `registerPreprocessor`, [BND-1], [BND-2], [PRE-1]), each `[decided]` requirement of the
 * catalog it follows, each rule the contract text attributes to the reference implementation
 * (`[reference]`: [ARC-9], [USG-6], [SET-2], and the notice wording of [OUT-2]) it follows, and
 * each `[beyond]` requirement (liveness, durability) it claims. Every key must be declared,
 * `true` or `false`; a requirement whose key is `false` is reported not claimed, never violated.
 */
export const CAPABILITY_KEYS = Object.freeze([
  'preprocessors',
  'SVC-3',
  'SCH-3',
  'SCH-6',
  'CLR-6',
  'CLR-7',
  'USG-9',
  'OUT-3',
  'ARC-9',
  'USG-6',
  'SET-2',
  'OUT-2',
  'LIV-1',
  'LIV-2',
  'LIV-3',
  'LIV-4',
  'DUR-1',
  'DUR-2',
  'DUR-3',
] as const);

/** One of {@link CAPABILITY_KEYS}. */
export type CapabilityKey = (typeof CAPABILITY_KEYS)[number];

/** What an implementation declares it has; cases needing an absent one are `not-applicable`. */
export type Capabilities = { readonly [TKey in CapabilityKey]: boolean };

/** What each capability means, for reports and documentation. */
export const CAPABILITY_DESCRIPTIONS: Readonly<Record<CapabilityKey, string>> = Object.freeze({
  preprocessors: 'registerPreprocessor is supported: preprocessors run on agent:input:before',
  'SVC-3': 'failures inside a turn end it as error and never reject handleMessage; invalid input rejects',
  'SCH-3': 'pending insertions of a turn that makes no further model call open the next turn',
  'SCH-6': 'a turn opened from the queue takes the head input and the human inputs directly behind it',
  'CLR-6': 'a throwing clear() rejects clearing with that error and still releases the hold',
  'CLR-7': 'overlapping concurrent clearing calls complete without deadlock',
  'USG-9': 'hard trimming drops the oldest history in token chunks at message-group boundaries',
  'OUT-3': 'every input handled, dropped or blocked gets exactly one stream end marker',
  'ARC-9':
    'an aborted turn with inputs or tool-call groups in history persists a stop marker for the next model, naming `by`',
  'USG-6': "token:usage carries the session's history count limit as historyLimit",
  'SET-2': 'model, deep thinking, max tool iterations and history count limit are per-session settings',
  'OUT-2':
    'the error of an error turn is the [错误] notice sent to the session, or the [系统] notice when no model resolves',
  'LIV-1':
    'a hook middleware, awaited listener, store, model or tool call that never settles or ignores its signal cannot keep handleMessage from settling after abort, clearing or deletion',
  'LIV-2': 'drain has a deadline; past it, drain resolves and names what it abandoned',
  'LIV-3':
    'counting is linear and no single input stalls the process; inputs over a configured size end as a notice',
  'LIV-4': 'a limit on turns running at once across sessions, every per-session rule unchanged',
  'DUR-1': 'a turn cut by a process crash is closed on recovery as an aborted turn',
  'DUR-2': 'no turn record or metadata write is lost to a concurrent writer of the same store',
  'DUR-3': 'one session is served by one process at a time',
});

/**
 * Checks a capability declaration: exactly the keys of {@link CAPABILITY_KEYS}, each a
 * boolean. Returns a frozen copy; throws `CapabilitiesError` otherwise, so a misspelt key
 * fails the run at start instead of silently skipping cases.
 */
export function validateCapabilities(value: unknown): Capabilities {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError('capabilities must be an object with a boolean per capability key');
  }
  const record = value as Record<string, unknown>;
  const known = new Set<string>(CAPABILITY_KEYS);
  const unknown = Object.keys(record).filter((key) => !known.has(key));
  const missing = CAPABILITY_KEYS.filter((key) => !(key in record));
  const notBoolean = CAPABILITY_KEYS.filter((key) => key in record && typeof record[key] !== 'boolean');
  if (unknown.length > 0 || missing.length > 0 || notBoolean.length > 0) {
    throw new CapabilitiesError({ unknown, missing, notBoolean });
  }
  return Object.freeze(Object.fromEntries(CAPABILITY_KEYS.map((key) => [key, record[key]]))) as Capabilities;
}
