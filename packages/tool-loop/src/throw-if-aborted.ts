import { TurnAbortedError } from './turn-aborted-error';

/** Throws `TurnAbortedError` when the turn's signal has aborted ([ABT-1]). */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new TurnAbortedError({ cause: signal.reason });
}
