import type { HooksService } from '@aalis/api-hooks';
import type { LlmService, ResolvedModel } from '@aalis/api-llm';
import type { ToolsService } from '@aalis/api-tools';
import type { EventBus } from '@aalis/core';
import type { TokenCounter } from '@aalis/token-budget';
import type { ToolLoopAssembler } from './tool-loop-assembler';
import type { ToolLoopLimits } from './tool-loop-limits';
import type { ToolLoopNotices } from './tool-loop-notices';
import type { ToolLoopPersistence } from './tool-loop-persistence';
import type { ToolLoopSession } from './tool-loop-session';
import type { ToolLoopTurn } from './tool-loop-turn';

/** How the prompt is held to the model's context window ([USG-3], [USG-9]). */
export interface ToolLoopBudget {
  /**
   * The counter estimates are made with. Default: a counter for the model's encoding, made
   * per turn; pass a long-lived one so unchanged history is not counted again.
   */
  readonly counter?: TokenCounter;
  /** A prompt ceiling lower than the model's window leaves (a session setting, say). */
  readonly maxTokenBudget?: number;
}

/**
 * What a tool loop keeps for every turn it runs: the agent's collaborators and settings,
 * given once to `createToolLoop` ([SVC-1]).
 */
export interface ToolLoopOptions {
  /** The model service (`llm.use`). */
  readonly llm: Pick<LlmService, 'chat'>;
  /**
   * The tool service (`tools.use`); absent: no tools are offered. Read when each turn starts,
   * so a getter here lets a tool service that appears later serve the next turn.
   */
  readonly tools?: Pick<ToolsService, 'listTools' | 'execute'>;
  /** The hooks service (`hooks.use`), with the agent's hook keys ([HK-3]..[HK-7]). */
  readonly hooks: Pick<HooksService, 'run'>;
  /** The event bus (`events.use`): `outbound:*`, `token:usage`, `tool:execute`. */
  readonly events: Pick<EventBus, 'emit'>;
  /** Builds the prompt blocks before each model call ([PRM-1]); absent: no system blocks. */
  readonly assembler?: ToolLoopAssembler;
  readonly budget?: ToolLoopBudget;
  readonly limits?: Partial<ToolLoopLimits>;
  /** Replaces the default Chinese notices. */
  readonly notices?: Partial<ToolLoopNotices>;
  /** Makes the unique id of each tool call ([TID-3]). Default `crypto.randomUUID`. */
  readonly createCallId?: () => string;
  /**
   * Receives failures the loop survives, with the turn they happened in: an event listener
   * that rejected, a prompt assembler that threw (the call goes on without its blocks).
   * Default `console.error`.
   */
  readonly onError?: (error: unknown, turn: { readonly turnId: string; readonly sessionId: string }) => void;
}

/** What one turn hands the loop: only the turn's own data. */
export interface ToolLoopRequest {
  readonly turn: ToolLoopTurn;
  readonly session: ToolLoopSession;
  /** The turn's model as the model service resolved it; `undefined` ends the turn with the `[系统]` notice ([OUT-2]). */
  readonly model: ResolvedModel | undefined;
  /**
   * The persistence of this turn (the writer of `beginTurn`, which knows the turn and session);
   * absent: nothing is persisted and history is empty ([SVC-5]).
   */
  readonly persistence?: ToolLoopPersistence;
}

/** Everything one turn's body needs, for a loop made and run at once; see `runToolLoop`. */
export interface RunToolLoopOptions extends ToolLoopOptions, ToolLoopRequest {}
