import type { Capabilities } from '../capabilities';
import type { AgentFactory } from './agent-factory';

/** Options of `runCase`. */
export interface RunCaseOptions {
  readonly factory: AgentFactory;
  readonly capabilities: Capabilities;
  /** The time limit of each phase (factory, case); default the case's own, else 2000 ms. */
  readonly timeoutMs?: number;
}
