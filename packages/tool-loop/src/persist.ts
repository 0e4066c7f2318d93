import { PersistenceError } from './persistence-error';
import type { ToolLoopTurn } from './tool-loop-turn';
import { TurnAbortedError } from './turn-aborted-error';
import { untilAborted } from './until-aborted';

/**
 * Runs one persistence operation. A write is not cut off by the turn's abort, so nothing lands
 * after the turn's stop marker; it is waited for until `abandon` aborts (the stop's grace time
 * passed, [LIV-1]), then the turn ends as aborted without it. Without `abandon` it is waited
 * for to its end. A failure becomes a `PersistenceError` that says whether it read or wrote.
 */
export async function persist<T>(
  operation: string,
  work: () => Promise<T>,
  access: 'read' | 'write' = 'write',
  abandon?: AbortSignal,
): Promise<T> {
  try {
    return await (abandon === undefined ? work() : untilAborted(work(), abandon));
  } catch (error) {
    if (abandon?.aborted === true && TurnAbortedError.isInstance(error)) throw error;
    throw new PersistenceError({ operation, cause: error, access });
  }
}

/** One write of the running turn: waited for after the stop until its `graceSignal` aborts. */
export function persistWrite<T>(
  run: { readonly turn: Pick<ToolLoopTurn, 'graceSignal'> },
  operation: string,
  work: () => Promise<T>,
): Promise<T> {
  return persist(operation, work, 'write', run.turn.graceSignal);
}
