/**
 * One middleware of a hook, in the onion model: code before `next()` runs on the way in
 * and may rewrite the payload (it is the same object for every middleware and the default
 * action); `next()` runs the rest of the chain and the default action and settles once
 * they have; code after it runs on the way out. Not calling `next` blocks the rest of the
 * chain and the default action. `next` may be called at most once, and only before the
 * middleware itself has settled; await or return the promise it gives. Once the run's
 * abort signal made the run give up on the middleware, `next()` resolves at once and runs
 * nothing further; a `next()` that was waiting on an inner middleware that hangs resolves
 * then too, so the code after it (cleanup in a `finally`) still runs.
 */
export type HookMiddleware<TPayload> = (payload: TPayload, next: () => Promise<void>) => Promise<void> | void;

/** Options of `HookRunner.middleware`. */
export interface HookMiddlewareOptions {
  /**
   * Higher runs further out (earlier on the way in, later on the way out). Default `0`;
   * equal priorities keep registration order. Must be a finite number.
   */
  readonly priority?: number;
  /** A name for error reports, e.g. the registering plugin. */
  readonly label?: string;
}

/** The work a hook wraps: runs once the whole chain called `next`, with the final payload. */
export type HookDefaultAction<TPayload, TResult> = (payload: TPayload) => TResult | Promise<TResult>;

/** The hook names of a hook map: its string keys. */
export type HookName<TMap extends object> = Extract<keyof TMap, string>;
