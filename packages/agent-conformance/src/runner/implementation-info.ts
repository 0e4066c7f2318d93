/** The implementation a report is about. */
export interface ImplementationInfo {
  /** Its package name, e.g. `@acme/plugin-agent`. */
  readonly name: string;
  readonly version?: string;
}
