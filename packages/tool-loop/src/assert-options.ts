import type { ToolLoopOptions, ToolLoopRequest } from './run-tool-loop-options';

function nonEmptyString(value: unknown, name: string): void {
  if (typeof value !== 'string' || value === '')
    throw new TypeError(`runToolLoop: ${name} must be a non-empty string`);
}

function count(value: unknown, name: string, minimum: number): void {
  if (!Number.isSafeInteger(value) || (value as number) < minimum) {
    throw new TypeError(`runToolLoop: ${name} must be an integer of at least ${minimum}`);
  }
}

function service(value: unknown, name: string, method: string): void {
  if (typeof (value as Record<string, unknown> | undefined)?.[method] !== 'function') {
    throw new TypeError(`runToolLoop: ${name}.${method} must be a function`);
  }
}

/**
 * Throws a `TypeError` for loop options a caller got wrong (programmer misuse, not a turn
 * failure): checked once, when the loop is made.
 */
export function assertLoopOptions(options: ToolLoopOptions): void {
  if (typeof options !== 'object' || options === null)
    throw new TypeError('runToolLoop: options must be an object');
  const { limits } = options;
  service(options.llm, 'llm', 'chat');
  service(options.hooks, 'hooks', 'run');
  service(options.events, 'events', 'emit');
  if (limits?.toolConcurrency !== undefined) count(limits.toolConcurrency, 'limits.toolConcurrency', 1);
  if (limits?.maxToolResultChars !== undefined)
    count(limits.maxToolResultChars, 'limits.maxToolResultChars', 1);
  if (limits?.maxFormatRetries !== undefined) count(limits.maxFormatRetries, 'limits.maxFormatRetries', 0);
}

/** Throws a `TypeError` for a turn request a caller got wrong: checked for every turn. */
export function assertRequest(request: ToolLoopRequest): void {
  if (typeof request !== 'object' || request === null)
    throw new TypeError('runToolLoop: the turn request must be an object');
  const { turn, session } = request;
  nonEmptyString(turn?.turnId, 'turn.turnId');
  nonEmptyString(turn.sessionId, 'turn.sessionId');
  if (!Array.isArray(turn.inputs)) throw new TypeError('runToolLoop: turn.inputs must be an array');
  if (!(turn.signal instanceof AbortSignal))
    throw new TypeError('runToolLoop: turn.signal must be an AbortSignal');
  if (turn.graceSignal !== undefined && !(turn.graceSignal instanceof AbortSignal))
    throw new TypeError('runToolLoop: turn.graceSignal must be an AbortSignal when given');
  if (typeof session?.kind !== 'string') throw new TypeError('runToolLoop: session.kind must be a string');
  count(session.settings?.maxToolIterations, 'session.settings.maxToolIterations', 0);
  count(session.settings.historyLimit, 'session.settings.historyLimit', 0);
}
