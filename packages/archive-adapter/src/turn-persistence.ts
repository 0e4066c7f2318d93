import type { HistoryOptions, MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
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
import type { CutTurnText } from './cut-turn-text';
import type { PersistableInput } from './persistable-input';
import type { StopMarkerLanguage } from './stop-marker-text';

/** Options of `createTurnPersistence`. */
export interface TurnPersistenceOptions {
  /** Where turns are persisted; absent: every write is a no-op and `archived` stays unset ([SVC-5]). */
  readonly archive?: MessageArchiveService;
  /** Where history is read from; absent: history is empty and counts are 0 ([SVC-5]). */
  readonly memory?: MemoryService;
  /** The language of the built-in stop marker wording (default `zh`). */
  readonly stopMarkerLanguage?: StopMarkerLanguage;
  /** Replaces the built-in stop marker wording ([ARC-9]). */
  readonly stopMarkerText?: (by: MessageActor | undefined) => string;
  /**
   * Replaces the built-in wording recovery writes for a turn cut by a crash ([DUR-1]);
   * default `cutTurnText(stopMarkerLanguage)`.
   */
  readonly cutTurnText?: CutTurnText;
}

/** Inputs entering a turn. */
export interface ArchiveTurnInputsOptions {
  readonly turnId: string;
  readonly inputs: readonly PersistableInput[];
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

/** A tool-call group to persist. */
export interface PersistToolGroupOptions {
  readonly turnId: string;
  readonly sessionId: string;
  readonly assistant: ToolGroupAssistant;
  /** One result per tool call of the assistant message, in the order to store them. */
  readonly results: readonly ToolGroupResult[];
}

/** A reply to persist ([ARC-3]). */
export interface PersistReplyOptions {
  readonly turnId: string;
  readonly sessionId: string;
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

/** A turn record to write ([ARC-8]). */
export interface WriteTurnRecordOptions {
  readonly turnId: string;
  readonly sessionId: string;
  readonly record: TurnRecord;
}

/** A stop marker to write ([ARC-9]). */
export interface WriteStopMarkerOptions {
  readonly turnId: string;
  readonly sessionId: string;
  /** Who stopped the turn ([ABT-6]); absent when no specific person did. */
  readonly by?: MessageActor;
}

/** Options of `TurnPersistence.recoverCutTurns` ([DUR-1]). */
export interface RecoverCutTurnsOptions {
  /**
   * Whether a turn is running in this process: a running turn is not cut. Turns this
   * persistence object tracks count as running anyway. Default: no other turn runs.
   */
  readonly isRunning?: (turnId: string) => boolean;
  /** Makes the agent's `CallId` of each error result ([TID-3]). Default `crypto.randomUUID`. */
  readonly createCallId?: () => string;
}

/** A cut turn that `recoverCutTurns` closed ([DUR-1]). */
export interface RecoveredTurn {
  readonly turnId: string;
  /** The model's ids (`ToolCall.id`) of the calls that got an error result, in stored order. */
  readonly unansweredToolCallIds: readonly string[];
  /** Whether a stop marker was written; `false` when the turn already had one. */
  readonly stopMarkerWritten: boolean;
  /** The record written: outcome `aborted`, and the source of the turn's first input when it had one. */
  readonly record: TurnRecord;
  /** What was appended, in one write and in this order: error results, stop marker, event marker. */
  readonly messages: readonly Message[];
}

/**
 * The persistence conventions of the agent as calls the turn code makes, each writing the
 * registered `WellKnownMetadataKeys` only. It remembers per turn what was persisted (inputs,
 * tool-call groups, the last reply) until `writeTurnRecord`, `rollback` or `forgetTurn`.
 */
export interface TurnPersistence {
  /** Whether an archive is present (otherwise every write is a no-op). */
  readonly archiving: boolean;
  /**
   * Archives the inputs that open a turn, in order, with the turn id and entry `opened`, and
   * sets each one's `archived` ([ARC-6], [HK-9]). Idle-trigger inputs and inputs already
   * archived are skipped. Resolves with the stored messages.
   */
  archiveOpened(options: ArchiveTurnInputsOptions): Promise<Message[]>;
  /** Archives inputs inserted into a running turn with entry `joined` ([SCH-2], [ARC-6]); as `archiveOpened`. */
  archiveJoined(options: ArchiveTurnInputsOptions): Promise<Message[]>;
  /** Archives released inputs without turn id and sets their `archived` ([ABT-3], [ARC-6]). */
  archiveReleased(inputs: readonly PersistableInput[]): Promise<Message[]>;
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
   * Writes the turn record on the turn's last persisted reply, or as an event marker when the
   * turn persisted none ([ARC-8]); ends the tracking of the turn. Call it once per turn that
   * was not blocked, before `agent:turn:after`.
   */
  writeTurnRecord(options: WriteTurnRecordOptions): Promise<void>;
  /**
   * Writes the stop marker of an aborted turn when something of it is in history
   * (`hasHistory`), naming `by` ([ARC-9]); call it before `writeTurnRecord`. Resolves with the
   * marker, or `undefined` when none was written (nothing in history, already written, or no
   * archive).
   */
  writeStopMarker(options: WriteStopMarkerOptions): Promise<Message | undefined>;
  /** Whether inputs or tool-call groups of the turn were persisted ([ARC-9]'s condition). */
  hasHistory(turnId: string): boolean;
  /** Removes the turn's messages, inputs included, and ends its tracking ([ARC-7]). Resolves with how many. */
  rollback(sessionId: string, turnId: string): Promise<number>;
  /** Ends the tracking of a turn that will write no record (e.g. its session was deleted). */
  forgetTurn(turnId: string): void;
  /**
   * Closes the turns of the session that a process crash cut ([DUR-1]): turns with stored
   * messages (inputs, tool-call groups, replies, a stop marker) but no turn record, after the
   * session's last recorded turn, not running (`isRunning`, and the turns this object tracks).
   * Each one, oldest first, gets in one `append`: an error result for every tool call without
   * a result, the stop marker unless it has one ([ARC-9]), and an event marker with the record
   * `{ outcome: 'aborted', source? }` ([ARC-8]). An unrecorded turn before the last recorded
   * one is left as it is: a marker appended at the end would stand in the wrong place.
   * Idempotent. Assumes no other live process writes the session. Resolves with what it
   * closed (none without archive).
   */
  recoverCutTurns(sessionId: string, options?: RecoverCutTurnsOptions): Promise<RecoveredTurn[]>;
  /** The active history from the memory, or `[]` without one ([SVC-5]). */
  history(sessionId: string, options?: HistoryOptions): Promise<Message[]>;
  /** `countHistory` of the memory, or `0` without one ([USG-5]). */
  countHistory(sessionId: string): Promise<number>;
}
