import type { HistoryOptions } from '@aalis/api-memory';
import type {
  GroupReference,
  Message,
  MessageActor,
  MessageTokens,
  SelfIdentity,
  SessionType,
  ToolCall,
  TurnRecord,
} from '@aalis/schema-message';
import type { PersistableInput } from './persistable-input';

/** The turn a writer persists: `TurnPersistence.beginTurn` takes it. */
export interface BeginTurnOptions {
  /** The turn's id; every write of the writer carries it ([ARC-1], [ARC-6]). */
  readonly turnId: string;
  /** The session the turn belongs to; every write goes there. */
  readonly sessionId: string;
}

/** The assistant message of a tool-call group. */
export interface ToolGroupAssistant {
  /** Text the model said alongside the calls (often empty). */
  readonly content: string;
  /** The calls it asked for, at least one. */
  readonly toolCalls: readonly ToolCall[];
  /** `false` when its text was not handed to the platform (room rule, [ARC-5]). Default `true`. */
  readonly sent?: boolean;
}

/** The result of one tool call, executed or failed before executing ([ARC-2]). */
export interface ToolGroupResult {
  /** The model's id of the call (`ToolCall.id`) this result answers. */
  readonly toolCallId: string;
  /** The agent's own id of the call ([TID-3]). */
  readonly callId: string;
  /** The result text handed back to the model. */
  readonly content: string;
  /**
   * What `agent:tool:after` collected; persisted unchanged ([ARC-4], [HK-6]). Registered keys
   * must have their registered types; `turnId` and `callId` are written by the conventions.
   */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** A tool-call group to persist ([ARC-1], [ARC-2]); the writer adds the turn id. */
export interface PersistToolGroupOptions {
  readonly assistant: ToolGroupAssistant;
  /** One result per tool call of the assistant message, in the order to store them. */
  readonly results: readonly ToolGroupResult[];
}

/** A reply to persist ([ARC-3]); the writer adds the turn id. */
export interface PersistReplyOptions {
  /** The reply as the model produced it (the envelope, for structured output). */
  readonly content: string;
  /** The decoded visible body, when `content` is a structured-output envelope. */
  readonly visibleContent?: string;
  /** The model that produced it. */
  readonly model: string;
  /** Token figures of the turn's model calls. */
  readonly tokens: MessageTokens;
  /** The platform of the turn. */
  readonly platform: string;
  /** The assistant's own identity on that platform. */
  readonly selfIdentity?: SelfIdentity;
  /** The group of the turn. */
  readonly group?: GroupReference;
  /** Group or private conversation. */
  readonly sessionType?: SessionType;
  /** Whether it was handed to the platform; `false` writes `NotSent` ([ARC-5]). */
  readonly sent: boolean;
}

/** How a turn ended: what `TurnWriter.finish` writes ([ARC-8], [ARC-9]). */
export interface FinishTurnOptions {
  /** The turn record; only `outcome`, `source` and `error` are stored ([ARC-8], [ABT-5]). */
  readonly record: TurnRecord;
  /** Who stopped an aborted turn ([ABT-6]); absent when no specific person did. Named by the stop marker. */
  readonly by?: MessageActor;
}

/** What `TurnWriter.finish` wrote. */
export interface FinishedTurn {
  /** The stop marker ([ARC-9]), or `undefined` when none was written (not aborted, nothing in history, or no archive). */
  readonly stopMarker: Message | undefined;
}

/**
 * The persistence of one turn, from `TurnPersistence.beginTurn` until `finish`, `rollback`
 * or `forget` ends it. Every write carries the turn's id under the registered
 * `WellKnownMetadataKeys` only and goes to the turn's session; the writer remembers what the
 * turn persisted (inputs, tool-call groups, the last reply) for its stop marker and record.
 * While it is open, `recoverCutTurns` of its persistence treats the turn as running ([DUR-1]).
 * A write after the turn ended is a `TypeError`; reads stay allowed.
 */
export interface TurnWriter {
  /** The turn this writer persists. */
  readonly turnId: string;
  /** The session of the turn. */
  readonly sessionId: string;
  /** Whether inputs or tool-call groups of the turn were persisted ([ARC-9]'s condition). */
  readonly hasHistory: boolean;
  /** Whether `finish`, `rollback` or `forget` ended the turn. */
  readonly ended: boolean;
  /**
   * Archives the inputs that open the turn, in order, with the turn id and entry `opened`, and
   * sets each one's `archived` ([ARC-6], [HK-9]). Idle-trigger inputs and inputs already
   * archived are skipped. Resolves with the stored messages (none without archive).
   */
  archiveOpened(inputs: readonly PersistableInput[]): Promise<Message[]>;
  /** Archives inputs inserted into the running turn with entry `joined` ([SCH-2], [ARC-6]); as `archiveOpened`. */
  archiveJoined(inputs: readonly PersistableInput[]): Promise<Message[]>;
  /**
   * Persists a tool-call group in one write: the assistant message with its calls, then each
   * result with its `callId`, the turn id and the metadata `agent:tool:after` collected
   * ([ARC-1], [ARC-2], [ARC-4]). Every call needs exactly one result (failed ones included),
   * else `TypeError`. Resolves with the stored messages (none without archive).
   */
  persistToolGroup(options: PersistToolGroupOptions): Promise<Message[]>;
  /** Persists a reply with the turn id, model, tokens, platform, identity, group, session type ([ARC-1], [ARC-3]). */
  persistReply(options: PersistReplyOptions): Promise<Message | undefined>;
  /** Marks a persisted message as not handed to the platform ([ARC-5]). */
  markNotSent(messageId: string): Promise<void>;
  /**
   * Ends the turn: when its outcome is `aborted` and it has history (`hasHistory`), writes the
   * stop marker naming `by` ([ARC-9]); then writes the record on the turn's last persisted
   * (sent) reply, or as an event marker when it persisted none ([ARC-8]). Call it once per turn
   * that was not blocked, before `agent:turn:after`; a second call (or one after `rollback` or
   * `forget`) rejects with a `TypeError` and writes nothing. The turn ends even when a write
   * rejects. Without archive it writes nothing.
   */
  finish(options: FinishTurnOptions): Promise<FinishedTurn>;
  /**
   * Removes the turn's messages, inputs and markers included, and ends the turn if it is still
   * open ([ARC-7]); allowed after `finish` too (undoing a finished turn). Resolves with how many.
   */
  rollback(): Promise<number>;
  /** Ends the turn without writing anything (e.g. its session was deleted). Idempotent. */
  forget(): void;
  /** The active history of the turn's session from the memory, or `[]` without one ([SVC-5], [USG-6]). */
  history(options?: HistoryOptions): Promise<Message[]>;
  /** `countHistory` of the turn's session from the memory, or `0` without one ([USG-5]). */
  countHistory(): Promise<number>;
}
