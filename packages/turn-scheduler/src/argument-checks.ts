/**
 * Checks for misuse by a programmer: each throws a `TypeError` at once, before the
 * scheduler accepts anything.
 */

/** The largest delay `setTimeout` honours; a larger one would fire after 1 ms. */
const largestTimerDelay = 2_147_483_647;

/** A session id is a string. */
export function assertSessionId(sessionId: unknown): void {
  if (typeof sessionId !== 'string') throw new TypeError('a session id must be a string');
}

/** `nested` of submit [LIV-4] is a boolean when given. */
export function assertNestedFlag(nested: unknown): void {
  if (nested !== undefined && typeof nested !== 'boolean') {
    throw new TypeError('submit: nested must be a boolean');
  }
}

/** `maxRunningTurns` [LIV-4]: a whole number from 1, `Infinity`, or `undefined` (no limit). */
export function slotLimit(maxRunningTurns: unknown): number {
  if (maxRunningTurns === undefined || maxRunningTurns === Number.POSITIVE_INFINITY) {
    return Number.POSITIVE_INFINITY;
  }
  if (typeof maxRunningTurns === 'number' && Number.isInteger(maxRunningTurns) && maxRunningTurns >= 1) {
    return maxRunningTurns;
  }
  throw new TypeError('createTurnScheduler: maxRunningTurns must be a whole number from 1, or Infinity');
}

/** `deadlineMs` of drain [LIV-2]: the delay in milliseconds, or `undefined` for none. */
export function drainDeadline(deadlineMs: unknown): number | undefined {
  if (deadlineMs === undefined || deadlineMs === Number.POSITIVE_INFINITY) return undefined;
  if (typeof deadlineMs === 'number' && deadlineMs >= 0 && deadlineMs <= largestTimerDelay) return deadlineMs;
  throw new TypeError(`drain: deadlineMs must be a number from 0 to ${largestTimerDelay}, or Infinity`);
}
