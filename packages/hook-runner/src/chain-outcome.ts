import type { ChainRun } from './dispatch-chain';
import type { HookMiddlewareError } from './hook-middleware-error';
import type { HookRunOutcome } from './hook-run-outcome';

const noErrors: readonly HookMiddlewareError[] = Object.freeze([]);

/**
 * The outcome of `chain` as it stands. With `abandoned`, the run was given up: its errors
 * are copied, since failures of the abandoned middlewares still arrive later.
 */
export function outcomeOf<TPayload, TResult>(
  chain: ChainRun<TPayload, TResult>,
  abandoned?: readonly string[],
): HookRunOutcome<TResult> {
  if (abandoned === undefined) {
    const errors = chain.errors ?? noErrors;
    return chain.reachedEnd
      ? { blocked: false, result: chain.result as TResult, errors }
      : { blocked: true, errors };
  }
  const errors = chain.errors === undefined ? noErrors : [...chain.errors];
  return chain.reachedEnd
    ? { blocked: false, result: chain.result as TResult, errors, abandoned }
    : { blocked: true, errors, abandoned };
}
