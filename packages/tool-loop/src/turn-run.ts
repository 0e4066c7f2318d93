import type { HooksService } from '@aalis/api-hooks';
import type { ChatMessage, LlmService, ResolvedModel } from '@aalis/api-llm';
import type { ToolDefinition, ToolsService } from '@aalis/api-tools';
import type { EventBus } from '@aalis/core';
import type { GroupReference, MessageTokens, SessionType } from '@aalis/schema-message';
import type { TokenCounter, TurnUsageTracker } from '@aalis/token-budget';
import type { ConversationLedger } from './conversation-ledger';
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
  readonly onError: (error: unknown) => void;
}

/** The state of one turn's body, shared by its steps. */
export interface TurnRun extends EmitContext {
  readonly turn: ToolLoopTurn;
  readonly session: ToolLoopSession;
  readonly model: ResolvedModel;
  readonly llm: Pick<LlmService, 'chat'>;
  readonly tools: Pick<ToolsService, 'listTools' | 'execute'> | undefined;
  readonly hooks: Pick<HooksService, 'run'>;
  readonly persistence: ToolLoopPersistence;
  readonly assembler: ToolLoopAssembler | undefined;
  readonly limits: ToolLoopLimits;
  readonly notices: ToolLoopNotices;
  readonly createCallId: () => string;
  readonly counter: TokenCounter;
  readonly maxTokenBudget: number | undefined;
  readonly platform: string;
  readonly group: GroupReference | undefined;
  readonly sessionType: SessionType | undefined;
  /** The model's registered vision capability ([HK-3]). */
  readonly acceptsImages: boolean;
  readonly tracker: TurnUsageTracker<ChatMessage>;
  /** This turn so far, in order: inputs, tool-call groups, joined inputs, dropped retry versions. */
  readonly transcript: ChatMessage[];
  /** History then transcript, each message counted once ([USG-4]). */
  readonly conversation: ConversationLedger;
  /** Tokens of `offeredTools`, counted once per turn. */
  readonly offeredToolTokens: number;
  /** Messages hard trimming never drops: the turn's inputs and format-retry exchanges ([USG-9]). */
  readonly protectedMessages: Set<ChatMessage>;
  /** The tools the tool service lists for the session. */
  readonly offeredTools: readonly ToolDefinition[];
  /** Token figures summed over the turn's model calls. */
  readonly tokens: { -readonly [Key in keyof MessageTokens]: MessageTokens[Key] };
  readonly counts: TurnCounts;
}
