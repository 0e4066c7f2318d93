import type { HookDefaultAction } from './hook-middleware';
import { HookMiddlewareError } from './hook-middleware-error';
import type { MiddlewareEntry, MiddlewareList } from './middleware-list';
import type { RunWatch } from './run-watch';

/** The state of one hook run, shared by every level of its chain. */
export interface ChainRun<TPayload, TResult> {
  readonly hookName: string;
  readonly payload: TPayload;
  readonly entries: MiddlewareList<TPayload>;
  readonly defaultAction: HookDefaultAction<TPayload, TResult> | undefined;
  readonly report: (error: HookMiddlewareError) => void;
  /** Whether the chain got past its last middleware (the default action started). */
  reachedEnd: boolean;
  result: TResult | undefined;
  errors: HookMiddlewareError[] | undefined;
  /** Present only when the run honours an abort signal. */
  watch: RunWatch | undefined;
}

/**
 * Runs the chain of `run` from its first active middleware. Settles once every level has;
 * rejects only with a failure of the default action that no middleware handled.
 */
export function dispatchChain<TPayload, TResult>(run: ChainRun<TPayload, TResult>): Promise<void> {
  return dispatch(run, 0, undefined);
}

/**
 * One level of the onion: hands out `next` and decides what the level settles with once
 * its middleware has settled.
 */
interface ChainLink<TPayload, TResult> {
  readonly run: ChainRun<TPayload, TResult>;
  readonly index: number;
  readonly entry: MiddlewareEntry<TPayload>;
  next: () => Promise<void>;
  middlewareSettled: boolean;
  /** What `next()` returned; set when it is called. */
  downstream: Promise<void> | undefined;
  downstreamSettled: boolean;
  downstreamFailed: boolean;
  downstreamError: unknown;
  /** Resolves the promise `next()` gave the middleware; set only in a run with a signal. */
  wake: (() => void) | undefined;
}

// The hot path allocates one plain link object, one `next` closure and one promise per
// level, and no class instance: on Node 20 class field initializers cost more than the
// dispatch itself. A level tells its parent link it settled just before its promise
// settles, so the parent knows before its middleware can observe it.
function dispatch<TPayload, TResult>(
  run: ChainRun<TPayload, TResult>,
  start: number,
  parent: ChainLink<TPayload, TResult> | undefined,
): Promise<void> {
  let index = start;
  // Entries disposed after the run started are skipped when the chain reaches them.
  while (index < run.entries.length && !run.entries[index]?.active) index += 1;
  const entry = run.entries[index];
  if (entry === undefined) return runDefaultAction(run, parent);
  return runLevel(createLink(run, index, entry), parent);
}

function runDefaultAction<TPayload, TResult>(
  run: ChainRun<TPayload, TResult>,
  parent: ChainLink<TPayload, TResult> | undefined,
): Promise<void> {
  run.reachedEnd = true;
  if (run.defaultAction === undefined) {
    if (parent !== undefined) parent.downstreamSettled = true;
    if (run.watch !== undefined) defaultActionSettled(run.watch, false, undefined);
    return Promise.resolve();
  }
  let returned: TResult | Promise<TResult>;
  try {
    returned = run.defaultAction(run.payload);
  } catch (error) {
    return Promise.reject(defaultActionFailed(run, parent, error));
  }
  return Promise.resolve(returned).then(
    (result) => {
      run.result = result;
      if (parent !== undefined) parent.downstreamSettled = true;
      if (run.watch !== undefined) defaultActionSettled(run.watch, false, undefined);
    },
    (error: unknown) => {
      throw defaultActionFailed(run, parent, error);
    },
  );
}

function defaultActionFailed<TPayload, TResult>(
  run: ChainRun<TPayload, TResult>,
  parent: ChainLink<TPayload, TResult> | undefined,
  error: unknown,
): unknown {
  settledWithFailure(parent, error);
  if (run.watch !== undefined) defaultActionSettled(run.watch, true, error);
  return error;
}

function defaultActionSettled(watch: RunWatch, failed: boolean, error: unknown): void {
  watch.defaultActionSettled = true;
  watch.defaultActionFailed = failed;
  watch.defaultActionError = error;
  watch.afterDefaultAction();
}

function runLevel<TPayload, TResult>(
  link: ChainLink<TPayload, TResult>,
  parent: ChainLink<TPayload, TResult> | undefined,
): Promise<void> {
  // Plain promise reactions instead of an async function: the same microtask ticks, without
  // an async frame per level.
  let returned: unknown;
  try {
    returned = link.entry.handler(link.run.payload, link.next);
  } catch (error) {
    return settleLevel(failed(link, error), parent);
  }
  return Promise.resolve(returned).then(
    () => {
      const pending = fulfilled(link);
      if (pending !== undefined) return settleLevel(pending, parent);
      if (parent !== undefined) parent.downstreamSettled = true;
      return undefined;
    },
    (error: unknown) => settleLevel(failed(link, error), parent),
  );
}

function settleLevel<TPayload, TResult>(
  pending: Promise<void>,
  parent: ChainLink<TPayload, TResult> | undefined,
): Promise<void> {
  return pending.then(
    () => {
      if (parent !== undefined) parent.downstreamSettled = true;
    },
    (error: unknown) => {
      throw settledWithFailure(parent, error);
    },
  );
}

function settledWithFailure<TPayload, TResult>(
  parent: ChainLink<TPayload, TResult> | undefined,
  error: unknown,
): unknown {
  if (parent !== undefined) {
    parent.downstreamSettled = true;
    parent.downstreamFailed = true;
    parent.downstreamError = error;
  }
  return error;
}

function createLink<TPayload, TResult>(
  run: ChainRun<TPayload, TResult>,
  index: number,
  entry: MiddlewareEntry<TPayload>,
): ChainLink<TPayload, TResult> {
  const link: ChainLink<TPayload, TResult> = {
    run,
    index,
    entry,
    next: notYet,
    middlewareSettled: false,
    downstream: undefined,
    downstreamSettled: false,
    downstreamFailed: false,
    downstreamError: undefined,
    wake: undefined,
  };
  link.next = () => callNext(link);
  if (run.watch !== undefined) run.watch.levels.push(link);
  return link;
}

/** Placeholder replaced before the link is handed out; keeps the link's shape fixed. */
function notYet(): Promise<void> {
  return Promise.reject(new TypeError('next() is not ready'));
}

function callNext<TPayload, TResult>(link: ChainLink<TPayload, TResult>): Promise<void> {
  const hookName = link.run.hookName;
  if (link.middlewareSettled) {
    return Promise.reject(new TypeError(`next() of a "${hookName}" middleware called after it returned`));
  }
  if (link.downstream !== undefined) {
    return Promise.reject(new TypeError(`next() of a "${hookName}" middleware called more than once`));
  }
  // A run its caller gave up runs nothing more: no inner middleware, no default action.
  const watch = link.run.watch;
  const rest = watch?.givenUp ? Promise.resolve() : dispatch(link.run, link.index + 1, link);
  link.downstream = rest;
  if (watch === undefined) return rest;
  // Once the run is given up, `next()` resolves even while an inner middleware hangs, so the
  // code after it (an outer middleware's cleanup) still runs.
  return new Promise((resolve, reject) => {
    link.wake = resolve;
    rest.then(resolve, reject);
  });
}

/**
 * The middleware settled normally. If the rest of the chain had settled already, the
 * middleware saw its outcome and owns it (a failure it caught stays caught). If the
 * middleware returned without waiting, the level waits and passes a failure through.
 */
function fulfilled<TPayload, TResult>(link: ChainLink<TPayload, TResult>): Promise<void> | undefined {
  link.middlewareSettled = true;
  // Returning no promise on the common path saves the microtasks a returned thenable costs.
  if (link.downstream === undefined || link.downstreamSettled) {
    if (link.downstreamFailed && link.run.watch !== undefined) link.run.watch.failureCaught = true;
    return undefined;
  }
  return passThrough(link);
}

/**
 * The middleware threw. Rethrowing what `next()` rejected with passes it through; any
 * other error is the middleware's own: it is reported and the level goes on as if the
 * middleware had called `next()` and passed its outcome through.
 */
function failed<TPayload, TResult>(link: ChainLink<TPayload, TResult>, error: unknown): Promise<void> {
  link.middlewareSettled = true;
  if (link.downstreamFailed && link.downstreamError === error) return Promise.reject(error);
  record(link, error);
  if (link.downstream !== undefined) return passThrough(link);
  if (link.run.watch?.givenUp) return Promise.resolve();
  return dispatch(link.run, link.index + 1, undefined);
}

async function passThrough<TPayload, TResult>(link: ChainLink<TPayload, TResult>): Promise<void> {
  await link.downstream?.catch(ignore);
  if (link.downstreamFailed) throw link.downstreamError;
}

function ignore(): void {}

function record<TPayload, TResult>(link: ChainLink<TPayload, TResult>, cause: unknown): void {
  const run = link.run;
  const error = new HookMiddlewareError({ hookName: run.hookName, label: link.entry.label, cause });
  if (run.errors === undefined) run.errors = [];
  run.errors.push(error);
  try {
    run.report(error);
  } catch {
    // A failing error reporter must not change the outcome of the run.
  }
}
