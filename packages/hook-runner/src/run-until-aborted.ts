import { abandonedMiddlewares, hasUnsettledMiddleware } from './abandoned-middlewares';
import { outcomeOf } from './chain-outcome';
import { type ChainRun, dispatchChain } from './dispatch-chain';
import type { HookRunOutcome } from './hook-run-outcome';
import { createRunWatch, type RunWatch } from './run-watch';

const abortedBeforeStart: HookRunOutcome<never> = Object.freeze({
  blocked: true,
  errors: Object.freeze([]),
  abandoned: Object.freeze([]),
});

/** A run waiting on its chain and on its signal. */
interface PendingRun<TPayload, TResult> {
  readonly chain: ChainRun<TPayload, TResult>;
  readonly watch: RunWatch;
  readonly signal: AbortSignal;
  readonly resolve: (outcome: HookRunOutcome<TResult>) => void;
  readonly reject: (error: unknown) => void;
  onAbort: () => void;
}

/**
 * Runs `chain` and stops waiting for its middleware code once `signal` aborts (see
 * `HookRunOptions.signal`). The first middleware is still called synchronously.
 */
export function runUntilAborted<TPayload, TResult>(
  chain: ChainRun<TPayload, TResult>,
  signal: AbortSignal,
): Promise<HookRunOutcome<TResult>> {
  if (signal.aborted) return Promise.resolve(abortedBeforeStart);
  const watch = createRunWatch();
  chain.watch = watch;
  return new Promise((resolve, reject) => {
    // Closures are assigned to properties, not named bindings: the source runs under
    // tsx's keepNames in benchmarks, which would name each one per run.
    const pending: PendingRun<TPayload, TResult> = { chain, watch, signal, resolve, reject, onAbort: ignore };
    pending.onAbort = () => whenAborted(pending);
    signal.addEventListener('abort', pending.onAbort);
    dispatchChain(chain).then(
      () => {
        if (stopListening(pending)) resolve(outcomeOf(chain));
      },
      (error: unknown) => {
        if (stopListening(pending)) reject(error);
      },
    );
  });
}

function whenAborted<TPayload, TResult>(pending: PendingRun<TPayload, TResult>): void {
  const { chain, watch, signal } = pending;
  signal.removeEventListener('abort', pending.onAbort);
  // The default action is the caller's own work and honours the signal itself: wait for it.
  if (chain.reachedEnd && !watch.defaultActionSettled) watch.afterDefaultAction = () => giveUp(pending);
  else giveUp(pending);
}

/** Stops waiting for middleware code, unless none is pending. */
function giveUp<TPayload, TResult>(pending: PendingRun<TPayload, TResult>): void {
  const { chain, watch } = pending;
  // With no middleware code pending, the chain settles by itself within microtasks.
  if (!hasUnsettledMiddleware(watch.levels)) return;
  watch.givenUp = true;
  if (watch.defaultActionFailed && !watch.failureCaught) pending.reject(watch.defaultActionError);
  else pending.resolve(outcomeOf(chain, abandonedMiddlewares(watch.levels)));
  // Middlewares waiting on a `next()` that an inner one keeps from settling go on, innermost
  // first, as the onion unwinds.
  for (let index = watch.levels.length - 1; index >= 0; index -= 1) watch.levels[index]?.wake?.();
}

/** Removes the abort listener; whether the run still waits for the chain. */
function stopListening<TPayload, TResult>(pending: PendingRun<TPayload, TResult>): boolean {
  pending.signal.removeEventListener('abort', pending.onAbort);
  return !pending.watch.givenUp;
}

function ignore(): void {}
