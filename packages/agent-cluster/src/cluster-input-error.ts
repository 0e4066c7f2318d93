import { AgentClusterError } from './agent-cluster-error';

/**
 * `INPUT_FAILED_ON_OWNER`: the agent of the process that serves the input's session rejected
 * it. `handleMessage` of the cluster agent rejects with it where a single agent's
 * `handleMessage` would have rejected; `remoteName` and the message are the original error's.
 * Use `ClusterInputError.isInstance(value)`, which holds across installed copies.
 */
export class ClusterInputError extends AgentClusterError {
  /** The stable code of this error. */
  static override readonly code = 'INPUT_FAILED_ON_OWNER';
  declare readonly code: 'INPUT_FAILED_ON_OWNER';
  /** The session of the input. */
  readonly sessionId: string;
  /** The `name` of the error the owner's agent rejected with. */
  readonly remoteName: string;

  constructor(options: {
    readonly sessionId: string;
    readonly remoteName: string;
    readonly message: string;
  }) {
    super(`the agent serving session ${options.sessionId} rejected the input: ${options.message}`, {
      code: ClusterInputError.code,
    });
    this.sessionId = options.sessionId;
    this.remoteName = options.remoteName;
  }
}
