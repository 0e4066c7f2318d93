export { createHookRunner, type HookRunner, type HookRunnerOptions } from './create-hook-runner';
export type { HookDefaultAction, HookMiddleware, HookMiddlewareOptions, HookName } from './hook-middleware';
export { HookMiddlewareError, type HookMiddlewareErrorOptions } from './hook-middleware-error';
export type { HookRunOptions } from './hook-run-options';
export type { HookRunOutcome } from './hook-run-outcome';
export { HookRunnerError, type HookRunnerErrorOptions } from './hook-runner-error';
