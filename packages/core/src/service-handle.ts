/** The value a plugin receives for a service it uses: `use` is the business handle. */
export interface ServiceHandle<TBound extends object> {
  /** The service's name. */
  readonly name: string;
  /** Every call goes to the provider selected at the moment of the call. */
  readonly use: TBound;
  /** Whether a provider is selected right now. */
  readonly available: () => boolean;
}
