/** The limits every resolved server configuration carries. */
interface ResolvedLimits {
  readonly name: string;
  readonly callTimeout: number;
  readonly connectTimeout: number;
  readonly maxTools: number;
  /** The command line or URL, for statuses. */
  readonly target: string;
}

/** A checked stdio configuration, defaults filled in. */
export interface ResolvedStdioConfig extends ResolvedLimits {
  readonly transport: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>> | undefined;
  readonly cwd: string | undefined;
  readonly stderr: 'capture' | 'inherit' | 'ignore';
}

/** A checked Streamable HTTP configuration, defaults filled in. */
export interface ResolvedHttpConfig extends ResolvedLimits {
  readonly transport: 'http';
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
}

/** A server configuration checked by `resolveServerConfig`. */
export type ResolvedServerConfig = ResolvedStdioConfig | ResolvedHttpConfig;
