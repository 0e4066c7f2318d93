import type { AgentLogger } from '@aalis/plugin-agent';

/** An agent logger that also keeps the abort reasons of the turn-end lines ([ABT-5]). */
export interface ReasonRecorder extends AgentLogger {
  /** The reasons seen so far, oldest first. */
  readonly reasons: () => readonly string[];
}

/** A logger that keeps the abort reasons of the agent's turn-end lines and passes every entry on. */
export function createReasonRecorder(inner: AgentLogger): ReasonRecorder {
  const reasons: string[] = [];
  return {
    info: (message, details) => {
      if (typeof details?.reason === 'string') reasons.push(details.reason);
      inner.info(message, details);
    },
    warn: (message, details) => inner.warn(message, details),
    error: (message, details) => inner.error(message, details),
    reasons: () => reasons,
  };
}
