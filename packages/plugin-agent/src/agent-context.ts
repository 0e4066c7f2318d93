import type { TurnInput } from '@aalis/api-agent';
import type { TurnPersistence } from '@aalis/archive-adapter';
import type { MessageActor } from '@aalis/schema-message';
import type { TokenCounter } from '@aalis/token-budget';
import type { ToolLoop, ToolLoopAssembler } from '@aalis/tool-loop';
import type { TurnScheduler } from '@aalis/turn-scheduler';
import type { ResolvedAgentConfig } from './agent-config';
import type { AgentDependencies } from './agent-dependencies';
import type { ArrivalRegistry } from './arrival-registry';
import type { CutTurnRecovery } from './cut-turn-recovery';

/** What every part of the default agent shares: its collaborators and its own state. */
export interface AgentContext {
  readonly deps: AgentDependencies;
  readonly config: ResolvedAgentConfig;
  readonly scheduler: TurnScheduler<TurnInput, MessageActor>;
  /**
   * Makes the persistence conventions over the archive and memory present right now: one
   * per turn (whose `beginTurn` writer tracks what the turn persisted, [ARC-9]) and one per
   * release batch or recovery.
   */
  readonly createPersistence: () => TurnPersistence;
  readonly counter: TokenCounter;
  readonly assembler: ToolLoopAssembler;
  /** The tool loop, made once with the agent's collaborators; each turn hands it only its own data. */
  readonly toolLoop: ToolLoop;
  /** Sessions that had inputs since they were last deleted: the default scope of `token:request`. */
  readonly seenSessions: Set<string>;
  /** Closes a session's turns cut by a crash, once per session ([DUR-1]). */
  readonly recovery: CutTurnRecovery;
  /** The `handleMessage` calls in progress, stoppable by abort, clearing, deletion and drain ([LIV-1]). */
  readonly arrivals: ArrivalRegistry;
}
