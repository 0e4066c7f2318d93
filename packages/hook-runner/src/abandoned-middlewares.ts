import type { WatchedLevel } from './run-watch';

/**
 * The middlewares among `levels` (outermost first) whose code has not settled, each by its
 * label or else by `#` and its 1-based position in the run's chain (`#1` is outermost).
 */
export function abandonedMiddlewares(levels: readonly WatchedLevel[]): readonly string[] {
  const names: string[] = [];
  for (const level of levels) {
    if (!level.middlewareSettled) names.push(level.entry.label ?? `#${level.index + 1}`);
  }
  return names;
}

/** Whether some middleware among `levels` has code that has not settled. */
export function hasUnsettledMiddleware(levels: readonly WatchedLevel[]): boolean {
  return levels.some((level) => !level.middlewareSettled);
}
