/** Options of `HookRunner.run`. */
export interface HookRunOptions {
  /**
   * Ends the wait for middleware code when it aborts. Already aborted: nothing runs and the
   * run resolves to `{ blocked: true, errors: [], abandoned: [] }`. Aborted while a
   * middleware's code has not settled: the run resolves at once, with `abandoned` naming
   * those middlewares. Aborted while the default action runs: the run waits for the
   * default action (which should honour the same signal), then stops waiting for
   * middleware code. After the run was given up, a middleware's `next()` resolves and runs
   * nothing further, and a `next()` still waiting on an inner middleware resolves too (innermost
   * first), so the code after it runs. The abort listener is removed when the run settles.
   */
  readonly signal?: AbortSignal;
}
