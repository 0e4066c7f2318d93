const errorBrand = Symbol.for('@aalis/agent-cluster/cluster-input-error');

/**
 * `INPUT_FAILED_ON_OWNER`: the agent of the process that serves the input's session rejected
 * it. `handleMessage` of the cluster agent rejects with it where a single agent's
 * `handleMessage` would have rejected; `remoteName` and the message are the original error's.
 * Use `ClusterInputError.isInstance(value)`, which holds across installed copies.
 */
export class ClusterInputError extends Error {
  /** Stable machine-readable code. */
  readonly code = 'INPUT_FAILED_ON_OWNER';
  /** The session of the input. */
  readonly sessionId: string;
  /** The `name` of the error the owner's agent rejected with. */
  readonly remoteName: string;

  constructor(options: {
    readonly sessionId: string;
    readonly remoteName: string;
    readonly message: string;
  }) {
    super(`the agent serving session ${options.sessionId} rejected the input: ${options.message}`);
    this.name = 'ClusterInputError';
    this.sessionId = options.sessionId;
    this.remoteName = options.remoteName;
    Object.defineProperty(this, errorBrand, { value: true });
  }

  /** Whether `value` is a `ClusterInputError`, from any installed copy. */
  static isInstance(value: unknown): value is ClusterInputError {
    return value instanceof Error && (value as unknown as Record<symbol, unknown>)[errorBrand] === true;
  }
}
