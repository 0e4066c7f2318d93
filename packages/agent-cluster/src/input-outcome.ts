/**
 * How an input ended, as its session's owner writes it into the inbox and the receiving
 * process reads it back ([SVC-2]): `settled` (its turn ended, or it was dropped before
 * entering one), `released` (stopped before its turn: abort with `queued`, clearing, deletion,
 * a stale generation, or an owner that died holding it), or `failed` (the owner's agent
 * rejected it; only a programming error does, since inputs are validated before they are
 * enqueued). Not public API.
 */
export type InputOutcome =
  | { readonly status: 'settled' }
  | { readonly status: 'released'; readonly reason: string }
  | { readonly status: 'failed'; readonly name: string; readonly message: string };

/** The outcome of an input whose handling on the owner rejected with `error`. */
export function failedOutcome(error: unknown): InputOutcome {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'failed', name, message };
}

/** Reads an outcome back from the inbox (a row of storage: checked, not trusted). */
export function readOutcome(value: unknown): InputOutcome {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (record.status === 'settled') return { status: 'settled' };
  if (record.status === 'released')
    return { status: 'released', reason: typeof record.reason === 'string' ? record.reason : 'released' };
  return {
    status: 'failed',
    name: typeof record.name === 'string' ? record.name : 'Error',
    message:
      typeof record.message === 'string' ? record.message : `unreadable outcome ${JSON.stringify(value)}`,
  };
}
