/** The identity of a plugin instance, as the host hands it to providers and registrars. */
export interface PluginOwner {
  /** Unique per loaded instance in one app: the plugin name and a counter, e.g. `@acme/plugin-example#1`. */
  readonly instanceId: string;
  /** The plugin's declared name. */
  readonly pluginName: string;
}
