import { AgentError } from './agent-error';

/**
 * `AGENT_DRAIN_DEADLINE`: the drain's deadline passed before everything settled ([LIV-2]).
 * Logged once per drain with every abandoned piece named; the drain itself resolves.
 */
export class DrainDeadlineError extends AgentError {
  static override readonly code = 'AGENT_DRAIN_DEADLINE';
  /** One line per abandoned piece, e.g. `turn t-1 of session s1 (2 inputs)`. */
  readonly abandoned: readonly string[];

  constructor(options: { readonly deadlineMs: number; readonly abandoned: readonly string[] }) {
    super(
      `drain abandoned ${options.abandoned.length} piece(s) after ${options.deadlineMs} ms: ${options.abandoned.join('; ')}`,
      { code: DrainDeadlineError.code },
    );
    this.abandoned = Object.freeze([...options.abandoned]);
  }
}
