import type { HookMiddlewareError } from './hook-middleware-error';

/**
 * How a hook run ended. `blocked` is true when some middleware returned without calling
 * `next`: the default action did not run. Otherwise `result` is what the default action
 * returned (`undefined` without one). `errors` lists the middleware failures the run
 * isolated, in the order they happened (empty when none).
 */
export type HookRunOutcome<TResult> =
  | { readonly blocked: true; readonly errors: readonly HookMiddlewareError[] }
  | { readonly blocked: false; readonly result: TResult; readonly errors: readonly HookMiddlewareError[] };
