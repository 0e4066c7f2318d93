import { DrainError } from './drain-error';
import type { DrainCallback, LifecycleService } from './lifecycle';

/** The built-in `lifecycle` provider. */
export function createLifecycleController(): LifecycleService {
  const callbacks = new Set<{ readonly callback: DrainCallback }>();
  let draining: Promise<void> | undefined;

  async function runOne(callback: DrainCallback): Promise<void> {
    await callback();
  }

  function drain(): Promise<void> {
    if (draining !== undefined) return draining;
    const started = [...callbacks].map((entry) => runOne(entry.callback));
    draining = Promise.allSettled(started).then((results) => {
      const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
      if (failures.length > 0) throw new DrainError(failures);
    });
    return draining;
  }

  return {
    onDrain: (callback) => {
      const entry = { callback };
      callbacks.add(entry);
      return () => {
        callbacks.delete(entry);
      };
    },
    isDraining: () => draining !== undefined,
    drain,
  };
}
