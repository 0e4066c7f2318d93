import type { CasePeer } from '../define-case';
import type { Harness } from '../harness/harness';
import type { AgentUnderTest } from './agent-under-test';

/** What a running case built so far: its harness and implementation, and the peers it asked for. */
export interface CaseState {
  harness?: Harness;
  agent?: AgentUnderTest;
  readonly peers: CasePeer[];
  /** What the factory phase is waiting for, while it runs. */
  factoryStep?: string;
}
