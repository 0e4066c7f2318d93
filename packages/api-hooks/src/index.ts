export type {
  HookDefaultAction,
  HookMiddleware,
  HookMiddlewareOptions,
  HookRunOptions,
  HookRunOutcome,
} from '@aalis/hook-runner';
export { createHooksService, type HooksServiceOptions } from './create-hooks-service';
export type { HookContextMap, HookName } from './hook-context-map';
export { hooks } from './hooks';
export type { HooksService } from './hooks-service';
