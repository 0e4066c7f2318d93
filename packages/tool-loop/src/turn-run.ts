import type { HooksService } from '@aalis/api-hooks';
import type { ChatMessage, LlmService, ResolvedModel } from '@aalis/api-llm';
import type { ToolDefinition, ToolsService } from '@aalis/api-tools';
import type { EventBus } from '@aalis/core';
import type { GroupReference, MessageTokens, SessionType } from '@aalis/schema-message';
import type { TokenCounter, TurnUsageTracker } from '@aalis/token-budget';
import type { AbortRace } from './abort-race';
import type { ConversationLedger } from './conversation-ledger';
import type { ToolLoopOptions } from './run-tool-loop-options';
import type { ToolLoopAssembler } from './tool-loop-assembler';
import type { ToolLoopLimits } from './tool-loop-limits';
import type { ToolLoopNotices } from './tool-loop-notices';
import type { ToolLoopPersistence } from './tool-loop-persistence';
import type { ToolLoopSession } from './tool-loop-session';
import type { ToolLoopTurn } from './tool-loop-turn';

/** Running figures of one turn, reported in `ToolLoopResult`. */
export interface TurnCounts {
  modelCalls: number;
  usageEvents: number;
  toolCalls: number;
  /** Model calls prepared so far: the `iteration` of the next `agent:llm:before`. */
  iterations: number;
  /** Model responses whose tool calls were executed. */
  toolIterations: number;
}

/** Where events go and what stops waiting for them. */
export interface EmitContext {
  readonly events: Pick<EventBus, 'emit'>;
  readonly signal: AbortSignal;
  /** The turn's shared waits against `signal`; absent outside a running turn. */
  readonly abortRace?: AbortRace;
  readonly onError: (error: unknown) => void;
}

/** What the loop holds for every turn it runs, resolved once when the loop is made. */
export interface LoopSetup {
  readonly llm: Pick<LlmService, 'chat'>;
  /** The options as given: `tools` is read there when a turn starts (a tool service may come later). */
  readonly options: ToolLoopOptions;
  readonly hooks: Pick<HooksService, 'run'>;
  readonly events: Pick<EventBus, 'emit'>;
  readonly assembler: ToolLoopAssembler | undefined;
  readonly limits: ToolLoopLimits;
  readonly notices: ToolLoopNotices;
  /** The notices as given, for falling back to the defaults when a custom one throws. */
  readonly customNotices: Partial<ToolLoopNotices> | undefined;
  readonly createCallId: () => string;
  /** A long-lived counter; absent: each turn makes one for its model's encoding. */
  readonly counter: TokenCounter | undefined;
  readonly maxTokenBudget: number | undefined;
  readonly onError: NonNullable<ToolLoopOptions['onError']>;
}

/** What a turn changes as it goes; everything else a step reads of its `TurnRun` is fixed for the turn. */
export interface TurnState {
  /**
   * History, then this turn so far in order (inputs, tool-call groups, joined inputs, dropped
   * retry versions), each message counted once ([USG-4]).
   */
  readonly conversation: ConversationLedger;
  /** Messages hard trimming never drops: the turn's inputs and format-retry exchanges ([USG-9]). */
  readonly protectedMessages: Set<ChatMessage>;
  readonly tracker: TurnUsageTracker<ChatMessage>;
  /** Token figures summed over the turn's model calls. */
  readonly tokens: { -readonly [Key in keyof MessageTokens]: MessageTokens[Key] };
  readonly counts: TurnCounts;
}

/** One turn's body as its steps see it: the loop's setup, the turn's data, and its `state`. */
export interface TurnRun
  extends EmitContext,
    Omit<LoopSetup, 'counter' | 'customNotices' | 'options' | 'onError'> {
  readonly turn: ToolLoopTurn;
  /** The tool service as it was when the turn started. */
  readonly tools: Pick<ToolsService, 'listTools' | 'execute'> | undefined;
  readonly session: ToolLoopSession;
  readonly model: ResolvedModel;
  readonly persistence: ToolLoopPersistence;
  readonly counter: TokenCounter;
  readonly platform: string;
  readonly group: GroupReference | undefined;
  readonly sessionType: SessionType | undefined;
  /** The model's registered vision capability ([HK-3]). */
  readonly acceptsImages: boolean;
  /** The tools the tool service lists for the session. */
  readonly offeredTools: readonly ToolDefinition[];
  /** Tokens of `offeredTools`, counted once per turn. */
  readonly offeredToolTokens: number;
  /** Every wait of the turn races the turn's abort through it ([ABT-1]). */
  readonly abortRace: AbortRace;
  readonly state: TurnState;
}
