import type { HookMiddlewareError } from './hook-middleware-error';

/**
 * How a hook run ended. `blocked` is true when the default action did not start: some
 * middleware returned without calling `next`, or the run's signal ended it first.
 * Otherwise `result` is what the default action returned (`undefined` without one).
 * `errors` lists the middleware failures the run isolated before it settled, in the order
 * they happened (empty when none).
 *
 * `abandoned` is present only when the run's signal ended the run before every middleware
 * had settled: the middlewares whose code had not settled then, outermost first, each by
 * its label or, without one, by `#` and its 1-based position in the hook's chain when the
 * run started (`#1` is the outermost). It is empty when the signal had aborted before the
 * run started.
 */
export type HookRunOutcome<TResult> =
  | {
      readonly blocked: true;
      readonly errors: readonly HookMiddlewareError[];
      readonly abandoned?: readonly string[];
    }
  | {
      readonly blocked: false;
      readonly result: TResult;
      readonly errors: readonly HookMiddlewareError[];
      readonly abandoned?: readonly string[];
    };
