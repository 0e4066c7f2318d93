/**
 * The baseline: a bare per-session promise chain. It serializes turns per session and
 * forgets idle sessions, and does nothing else (no insertion, abort, holds, generations,
 * drain or release).
 */
export function createNaiveChain<TInput>(
  sessionOf: (input: TInput) => string,
  body: (input: TInput) => Promise<void>,
): (input: TInput) => Promise<void> {
  const chains = new Map<string, Promise<void>>();
  return (input) => {
    const sessionId = sessionOf(input);
    const previous = chains.get(sessionId) ?? Promise.resolve();
    const next = previous.then(() => body(input));
    chains.set(sessionId, next);
    void next.then(() => {
      if (chains.get(sessionId) === next) chains.delete(sessionId);
    });
    return next;
  };
}
