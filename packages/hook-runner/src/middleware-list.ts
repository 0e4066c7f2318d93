import type { HookMiddleware } from './hook-middleware';

/** One registered middleware. `active` turns false when it is disposed. */
export interface MiddlewareEntry<TPayload> {
  readonly handler: HookMiddleware<TPayload>;
  readonly priority: number;
  readonly label: string | undefined;
  active: boolean;
}

/**
 * The middlewares of one hook, outermost first. Lists are never changed in place: a run
 * keeps the list it started with while registrations made meanwhile build a new one.
 */
export type MiddlewareList<TPayload> = readonly MiddlewareEntry<TPayload>[];

/** A new list with `entry` after every entry of equal or higher priority. */
export function withEntry<TPayload>(
  list: MiddlewareList<TPayload>,
  entry: MiddlewareEntry<TPayload>,
): MiddlewareList<TPayload> {
  let position = list.length;
  while (position > 0 && (list[position - 1] as MiddlewareEntry<TPayload>).priority < entry.priority) {
    position -= 1;
  }
  return [...list.slice(0, position), entry, ...list.slice(position)];
}

/** A new list without `entry`. */
export function withoutEntry<TPayload>(
  list: MiddlewareList<TPayload>,
  entry: MiddlewareEntry<TPayload>,
): MiddlewareList<TPayload> {
  return list.filter((candidate) => candidate !== entry);
}
