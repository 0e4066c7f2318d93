import { createHookRunner, type HookRunnerOptions } from '@aalis/hook-runner';
import type { HookContextMap } from './hook-context-map';
import type { HooksService } from './hooks-service';

/** Options of {@link createHooksService}: those of `createHookRunner`. */
export type HooksServiceOptions = HookRunnerOptions;

/**
 * A provider of the `hooks` service on `@aalis/hook-runner`:
 * `app.provide(hooks, createHooksService({ onError }))`.
 */
export function createHooksService(options: HooksServiceOptions = {}): HooksService {
  const runner = createHookRunner<HookContextMap>(options);
  return {
    middleware: (name, handler, middlewareOptions) => runner.middleware(name, handler, middlewareOptions),
    run: (name, payload, defaultAction, runOptions) => runner.run(name, payload, defaultAction, runOptions),
    count: (name) => runner.count(name),
  };
}
