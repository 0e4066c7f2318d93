import type { OptionalService } from './optional';
import type { PluginContext } from './plugin-context';
import type { AnyServiceDescriptor, BoundOf } from './service-descriptor';
import type { ServiceHandle } from './service-handle';

/** The services a plugin uses: a descriptor (required) or `optional(descriptor)` per key. */
export type ServiceUses = {
  readonly [key: string]: AnyServiceDescriptor | OptionalService<AnyServiceDescriptor>;
};

/** The handles `apply` receives for `TUses`, one per key. */
export type ServiceHandles<TUses extends ServiceUses> = {
  readonly [TKey in keyof TUses]: ServiceHandle<
    TUses[TKey] extends OptionalService<infer TDescriptor> ? BoundOf<TDescriptor> : BoundOf<TUses[TKey]>
  >;
};

/**
 * What `apply` may return: nothing, or a cleanup run when the activation ends (like
 * `context.onDispose`).
 */
export type PluginApplyResult = void | (() => void | Promise<void>);

/** What {@link definePlugin} takes. */
export interface PluginDefinition<TUses extends ServiceUses, TConfig> {
  /** The plugin's name, e.g. `@acme/plugin-example`. */
  readonly name: string;
  /** The services the plugin uses; required ones gate its activation. */
  readonly uses?: TUses;
  /**
   * Activates the plugin. Called once every required service has a provider; called again
   * after a deactivation caused by a required service losing its last provider, once one
   * is back. Everything registered through the handles and the context is withdrawn when
   * the activation ends. A throw or rejection leaves the instance `failed`.
   */
  apply(
    services: ServiceHandles<TUses>,
    context: PluginContext<TConfig>,
  ): PluginApplyResult | Promise<PluginApplyResult>;
}

/** A plugin, ready for `app.plugin(plugin, config)`. */
export interface Plugin<TConfig = undefined, TUses extends ServiceUses = ServiceUses>
  extends PluginDefinition<TUses, TConfig> {
  readonly kind: 'plugin';
  readonly uses: TUses;
}

/**
 * Declares a plugin. The handle types of `apply` follow from `uses`; the configuration
 * type follows from the annotation of `apply`'s context (`PluginContext<MyConfig>`) and
 * defaults to `undefined`. Throws a `TypeError` for an empty name, a missing `apply` or a
 * `uses` entry that is not a descriptor.
 */
export function definePlugin<TUses extends ServiceUses = {}, TConfig = undefined>(
  definition: PluginDefinition<TUses, TConfig>,
): Plugin<TConfig, TUses> {
  if (typeof definition.name !== 'string' || definition.name.length === 0) {
    throw new TypeError('A plugin name must be a non-empty string');
  }
  if (typeof definition.apply !== 'function') {
    throw new TypeError(`Plugin "${definition.name}" needs an apply function`);
  }
  const uses = definition.uses ?? ({} as TUses);
  for (const [key, use] of Object.entries(uses)) {
    if (use?.kind !== 'service' && use?.kind !== 'optional') {
      throw new TypeError(`uses.${key} of plugin "${definition.name}" is not a service descriptor`);
    }
  }
  return Object.freeze({
    kind: 'plugin' as const,
    name: definition.name,
    uses,
    apply: definition.apply.bind(definition),
  });
}
