import type {
  HookDefaultAction,
  HookMiddleware,
  HookMiddlewareOptions,
  HookRunOptions,
  HookRunOutcome,
} from '@aalis/hook-runner';
import type { HookContextMap, HookName } from './hook-context-map';

/**
 * The `hooks` service: onion middleware over {@link HookContextMap}, with the semantics of
 * `@aalis/hook-runner` (priorities, default actions, blocking by not calling `next`,
 * isolated middleware failures). Providers implement it and callers use it through
 * `hooks.use`.
 */
export interface HooksService {
  /**
   * Adds a middleware to hook `name`; returns a disposer. Through a plugin's handle the
   * middleware is labelled with the plugin instance id (unless `options.label` is given),
   * moves with the provider when it switches, and is withdrawn when the plugin
   * deactivates.
   */
  middleware<TName extends HookName>(
    name: TName,
    handler: HookMiddleware<HookContextMap[TName]>,
    options?: HookMiddlewareOptions,
  ): () => void;
  /**
   * Runs hook `name` over `payload`, then `defaultAction` once every middleware called
   * `next`. The outcome says whether a middleware blocked the default action, what it
   * returned, and which middleware failures were isolated. Rejects only with a failure of
   * the default action no middleware handled (and, through a handle, with
   * `ServiceUnavailableError` when no provider is selected). `options.signal` ends the
   * wait for middleware code when it aborts, with the semantics of `@aalis/hook-runner`'s
   * `HookRunOptions`: the outcome then names the `abandoned` middlewares. Providers must
   * honour it.
   */
  run<TName extends HookName, TResult = undefined>(
    name: TName,
    payload: HookContextMap[TName],
    defaultAction?: HookDefaultAction<HookContextMap[TName], TResult>,
    options?: HookRunOptions,
  ): Promise<HookRunOutcome<TResult>>;
  /** How many middlewares hook `name` has on the current provider (0 without one). */
  count(name: HookName): number;
}
