import { HookRunnerError } from './hook-runner-error';

/** Options of {@link HookMiddlewareError}. */
export interface HookMiddlewareErrorOptions {
  /** The hook whose middleware failed. */
  readonly hookName: string;
  /** The label the middleware was registered with, if any. */
  readonly label: string | undefined;
  /** What the middleware threw. */
  readonly cause: unknown;
}

/**
 * A middleware threw or rejected with an error of its own (not one it passed through from
 * `next()`). The runner isolates it: the run goes on as if the middleware had called
 * `next()` and passed the outcome through, and reports this error (code
 * `HOOK_MIDDLEWARE_FAILED`) to `onError` and in the run's outcome.
 */
export class HookMiddlewareError extends HookRunnerError {
  static override readonly code = 'HOOK_MIDDLEWARE_FAILED';
  /** The hook whose middleware failed. */
  readonly hookName: string;
  /** The label the middleware was registered with, if any. */
  readonly label: string | undefined;

  constructor(options: HookMiddlewareErrorOptions) {
    const who = options.label === undefined ? 'A middleware' : `Middleware "${options.label}"`;
    super(`${who} of hook "${options.hookName}" failed: ${describe(options.cause)}`, {
      code: HookMiddlewareError.code,
      cause: options.cause,
    });
    this.hookName = options.hookName;
    this.label = options.label;
  }
}

function describe(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
