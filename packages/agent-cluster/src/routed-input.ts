import { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';

/**
 * What the receiving process enqueues for an input: the validated message and the session's
 * generation when it arrived ([DEL-2]), so that the owner drops an input whose session was
 * deleted between its arrival and its turn. Not public API.
 */
export interface RoutedInput {
  readonly message: IncomingMessage;
  readonly generation: number | undefined;
}

/** The inbox payload of an input. */
export function routedPayload(input: RoutedInput): unknown {
  return input.generation === undefined ? { message: input.message } : input;
}

/**
 * Reads a payload back from the inbox (a row of storage: validated again, so a row written by
 * another version or by hand cannot reach the agent malformed). Throws `MessageValidationError`.
 */
export function readRoutedInput(payload: unknown): RoutedInput {
  const record = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  const generation = typeof record.generation === 'number' ? record.generation : undefined;
  return { message: parseIncomingMessage(record.message), generation };
}

/**
 * Whether the input's session was deleted since it arrived: its stamped generation is not the
 * session's current one ([DEL-2]). Unknown on either side: not stale.
 */
export function isStale(input: RoutedInput, current: number | undefined): boolean {
  return input.generation !== undefined && current !== undefined && current !== input.generation;
}
