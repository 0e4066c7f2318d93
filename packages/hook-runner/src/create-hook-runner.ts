import { outcomeOf } from './chain-outcome';
import { type ChainRun, dispatchChain } from './dispatch-chain';
import type { HookDefaultAction, HookMiddleware, HookMiddlewareOptions, HookName } from './hook-middleware';
import type { HookMiddlewareError } from './hook-middleware-error';
import type { HookRunOptions } from './hook-run-options';
import type { HookRunOutcome } from './hook-run-outcome';
import { type MiddlewareEntry, type MiddlewareList, withEntry, withoutEntry } from './middleware-list';
import { runUntilAborted } from './run-until-aborted';

/**
 * Typed onion middleware over a hook map `TMap` (hook name → payload type). Pass an
 * interface that others extend by declaration merging to let them add hooks.
 */
export interface HookRunner<TMap extends object> {
  /**
   * Adds a middleware to hook `name`. Returns a disposer that removes it (idempotent); a
   * run that has not reached the middleware yet skips it once disposed. Throws a
   * `TypeError` for a non-string name, a non-function handler or a non-finite priority.
   */
  middleware<TName extends HookName<TMap>>(
    name: TName,
    handler: HookMiddleware<TMap[TName]>,
    options?: HookMiddlewareOptions,
  ): () => void;
  /**
   * Runs hook `name` over `payload`: the middlewares outermost first, then
   * `defaultAction` (if any) once every middleware called `next`. The middlewares are
   * those registered when the run starts; the first one is called synchronously. A
   * middleware's own failure is isolated (see `HookMiddlewareError`). Rejects only when
   * the default action fails and no middleware handles that failure, and with a
   * `TypeError` on misuse. With `options.signal`, the run stops waiting for middleware
   * code once the signal aborts (see `HookRunOptions`); without one it behaves as before.
   */
  run<TName extends HookName<TMap>, TResult = undefined>(
    name: TName,
    payload: TMap[TName],
    defaultAction?: HookDefaultAction<TMap[TName], TResult>,
    options?: HookRunOptions,
  ): Promise<HookRunOutcome<TResult>>;
  /** How many middlewares hook `name` has now. */
  count(name: HookName<TMap>): number;
  /** Removes every middleware of hook `name`, or of every hook without a name. */
  clear(name?: HookName<TMap>): void;
}

/** Options of {@link createHookRunner}. */
export interface HookRunnerOptions {
  /**
   * Receives each isolated middleware failure as it happens. Defaults to `console.error`.
   * What it throws is ignored.
   */
  readonly onError?: (error: HookMiddlewareError) => void;
}

/** Creates an empty {@link HookRunner} for the hook map `TMap`. */
export function createHookRunner<TMap extends object>(options: HookRunnerOptions = {}): HookRunner<TMap> {
  const report = options.onError ?? ((error: HookMiddlewareError) => console.error(error));
  const lists = new Map<string, MiddlewareList<unknown>>();

  function middleware(name: string, handler: HookMiddleware<unknown>, options: HookMiddlewareOptions = {}) {
    assertHookName(name);
    if (typeof handler !== 'function')
      throw new TypeError(`The middleware of hook "${name}" must be a function`);
    const priority = options.priority ?? 0;
    if (!Number.isFinite(priority))
      throw new TypeError(`The priority of a "${name}" middleware must be finite`);
    const entry: MiddlewareEntry<unknown> = { handler, priority, label: options.label, active: true };
    lists.set(name, withEntry(lists.get(name) ?? [], entry));
    return () => {
      if (!entry.active) return;
      entry.active = false;
      const remaining = withoutEntry(lists.get(name) ?? [], entry);
      if (remaining.length === 0) lists.delete(name);
      else lists.set(name, remaining);
    };
  }

  // Not `async`: the run's own promise is the chain's, one promise fewer per run. Misuse
  // still rejects (never throws), as from an async function.
  function run(
    name: string,
    payload: unknown,
    defaultAction?: HookDefaultAction<unknown, unknown>,
    runOptions?: HookRunOptions,
  ): Promise<HookRunOutcome<unknown>> {
    try {
      return startRun(name, payload, defaultAction, runOptions);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  function startRun(
    name: string,
    payload: unknown,
    defaultAction: HookDefaultAction<unknown, unknown> | undefined,
    runOptions: HookRunOptions | undefined,
  ): Promise<HookRunOutcome<unknown>> {
    assertHookName(name);
    if (defaultAction !== undefined && typeof defaultAction !== 'function') {
      throw new TypeError(`The default action of hook "${name}" must be a function`);
    }
    const signal = signalOf(name, runOptions);
    const chain: ChainRun<unknown, unknown> = {
      hookName: name,
      payload,
      entries: lists.get(name) ?? [],
      defaultAction,
      report,
      reachedEnd: false,
      result: undefined,
      errors: undefined,
      watch: undefined,
    };
    if (signal !== undefined) return runUntilAborted(chain, signal);
    return dispatchChain(chain).then(() => outcomeOf(chain));
  }

  function clear(name?: string) {
    const names = name === undefined ? [...lists.keys()] : [name];
    for (const each of names) {
      for (const entry of lists.get(each) ?? []) entry.active = false;
      lists.delete(each);
    }
  }

  return {
    middleware,
    run,
    count: (name) => lists.get(name)?.length ?? 0,
    clear,
  } as HookRunner<TMap>;
}

/** The signal of `options`, checked; `undefined` without one. */
function signalOf(name: string, options: HookRunOptions | undefined): AbortSignal | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`The options of a "${name}" run must be an object`);
  }
  const signal: unknown = options.signal;
  if (signal === undefined) return undefined;
  if (!isAbortSignal(signal)) throw new TypeError(`The signal of a "${name}" run must be an AbortSignal`);
  return signal;
}

// By shape rather than `instanceof`, so a signal from another realm or a wrapper works.
function isAbortSignal(value: unknown): value is AbortSignal {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<AbortSignal>;
  return (
    typeof candidate.aborted === 'boolean' &&
    typeof candidate.addEventListener === 'function' &&
    typeof candidate.removeEventListener === 'function'
  );
}

function assertHookName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0) {
    throw new TypeError('A hook name must be a non-empty string');
  }
}
