import { type AgentLogger, DrainDeadlineError } from '@aalis/plugin-agent';

/** An agent logger that also notices when a drain had to abandon work at its deadline. */
export interface DrainWatcher extends AgentLogger {
  /** Whether the agent logged a `DrainDeadlineError` ([LIV-2]). */
  readonly drainAbandoned: () => boolean;
}

/** Passes every entry on to `inner` and remembers a `DrainDeadlineError`. */
export function createDrainWatcher(inner: AgentLogger): DrainWatcher {
  let abandoned = false;
  return {
    info: (message, details) => inner.info(message, details),
    warn: (message, details) => inner.warn(message, details),
    error: (message, details) => {
      if (DrainDeadlineError.isInstance(details?.error)) abandoned = true;
      inner.error(message, details);
    },
    drainAbandoned: () => abandoned,
  };
}
