/** The providers of one service, as `app.providers(descriptor)` reports them. */
export interface ProviderSelection {
  /** Provider names in registration order. */
  readonly names: readonly string[];
  /** The current provider's name, or `undefined` when the service has none. */
  readonly current: string | undefined;
}
