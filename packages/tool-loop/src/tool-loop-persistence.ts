import type { TurnInput } from '@aalis/api-agent';
import type {
  GroupReference,
  Message,
  MessageTokens,
  SelfIdentity,
  SessionType,
  ToolCall,
} from '@aalis/schema-message';

/**
 * A tool-call group as the loop hands it to the turn's persistence, which adds the turn id
 * ([ARC-1], [ARC-2], [ARC-4]).
 */
export interface ToolGroupRecord {
  readonly assistant: {
    /** Text the model said alongside the calls. */
    readonly content: string;
    readonly toolCalls: readonly ToolCall[];
    /** `false` when that text was not handed to the platform (room rule, [ARC-5]). */
    readonly sent: boolean;
  };
  /** One result per call, in call order. */
  readonly results: readonly {
    /** The model's id of the call it answers. */
    readonly toolCallId: string;
    /** The agent's own id of the call ([TID-3]). */
    readonly callId: string;
    readonly content: string;
    /** What `agent:tool:after` collected, persisted unchanged ([ARC-4]). */
    readonly metadata: Readonly<Record<string, unknown>>;
  }[];
}

/** A reply as the loop hands it to the turn's persistence, which adds the turn id ([ARC-1], [ARC-3]). */
export interface ReplyRecord {
  /** What is stored: the envelope, for structured output. */
  readonly content: string;
  /** The decoded visible body of a structured-output envelope. */
  readonly visibleContent?: string;
  readonly model: string;
  /** Token figures summed over the turn's model calls. */
  readonly tokens: MessageTokens;
  readonly platform: string;
  readonly selfIdentity?: SelfIdentity;
  readonly group?: GroupReference;
  readonly sessionType?: SessionType;
  /** Whether it was handed to the platform; `false` for dropped format-retry versions ([ARC-5]). */
  readonly sent: boolean;
}

/**
 * The persistence of the one turn the loop runs: the part of the turn's writer the loop uses
 * (`TurnWriter` of `@aalis/archive-adapter`, from `beginTurn({ turnId, sessionId })`, has this
 * shape). It knows the turn and its session: every write carries the turn id ([ARC-1]), every
 * read is of the turn's session.
 */
export interface ToolLoopPersistence {
  /** Archives inputs inserted into the running turn with entry `joined` and sets their `archived` ([SCH-2], [ARC-6]). */
  archiveJoined(inputs: readonly TurnInput[]): Promise<unknown>;
  /** Persists one tool-call group in one write ([ARC-1], [ARC-2], [ARC-4]). */
  persistToolGroup(options: ToolGroupRecord): Promise<unknown>;
  /** Persists a reply; resolves with the stored message, or `undefined` without archive. */
  persistReply(options: ReplyRecord): Promise<Message | undefined>;
  /** The session's active history, oldest first, at most `limit` messages (`0`/absent: all; [USG-6]). */
  history(options?: { readonly limit?: number }): Promise<readonly Message[]>;
  /** How many conversation messages the session's active history holds ([USG-5]). */
  countHistory(): Promise<number>;
}
