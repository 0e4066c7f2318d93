/** The termination signals the command line handles. */
export type TerminationSignal = 'SIGINT' | 'SIGTERM';

/** Where the command line hears termination signals (the process, or a test's fake). */
export interface CliSignals {
  /** Calls `listener` for the first SIGINT or SIGTERM; returns a remover. Later signals are left to their defaults. */
  onTermination(listener: (signal: TerminationSignal) => void): () => void;
}

/** The process's SIGINT and SIGTERM: the first one is handled, a second one ends the process as usual. */
export const processSignals: CliSignals = {
  onTermination(listener) {
    const onInterrupt = () => {
      remove();
      listener('SIGINT');
    };
    const onTerminate = () => {
      remove();
      listener('SIGTERM');
    };
    const remove = () => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
    };
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onTerminate);
    return remove;
  },
};

/**
 * The exit code after a termination signal: 0 when the shutdown drained cleanly, else the
 * shell's convention for a signal (130 for SIGINT, 143 for SIGTERM).
 */
export function exitCodeAfter(signal: TerminationSignal | undefined, drainedCleanly: boolean): number {
  if (signal === undefined || drainedCleanly) return 0;
  return signal === 'SIGINT' ? 130 : 143;
}
