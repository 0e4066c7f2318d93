import type { HistoryOptions, MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { Message, MessageActor, TurnRecord } from '@aalis/schema-message';
import type { CutTurnText } from './cut-turn-text';
import type { PersistableInput } from './persistable-input';
import type { StopMarkerLanguage } from './stop-marker-text';
import type { BeginTurnOptions, TurnWriter } from './turn-writer';

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

/** Options of `TurnPersistence.recoverCutTurns` ([DUR-1]). */
export interface RecoverCutTurnsOptions {
  /**
   * Whether a turn is running in this process: a running turn is not cut. Turns with an open
   * writer of this persistence object count as running anyway. Default: no other turn runs.
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
 * The persistence conventions of the agent ([ARC-1]..[ARC-9]) over an archive and a memory:
 * `beginTurn` gives the writer of one turn, which carries the turn id and remembers what the
 * turn persisted; what is not per turn (released inputs, recovery of cut turns, history reads)
 * stays here. Each write carries the registered `WellKnownMetadataKeys` only.
 */
export interface TurnPersistence {
  /** Whether an archive is present (otherwise every write is a no-op). */
  readonly archiving: boolean;
  /**
   * Opens the writer of one turn of a session ([ARC-1]..[ARC-9]). Until `finish`, `rollback`
   * or `forget` ends it, `recoverCutTurns` of this object treats the turn as running ([DUR-1]).
   * A turn id that already has an open writer here, or a missing turn or session id, is a
   * `TypeError`.
   */
  beginTurn(options: BeginTurnOptions): TurnWriter;
  /** Archives released inputs without turn id and sets their `archived` ([ABT-3], [ARC-6], [HK-9]). */
  archiveReleased(inputs: readonly PersistableInput[]): Promise<Message[]>;
  /**
   * Closes the turns of the session that a process crash cut ([DUR-1]): turns with stored
   * messages (inputs, tool-call groups, replies, a stop marker) but no turn record, after the
   * session's last recorded turn, not running (`isRunning`, and the turns with an open writer of
   * this object). Each one, oldest first, gets in one `append`: an error result for every tool
   * call without a result, the stop marker unless it has one ([ARC-9]), and an event marker
   * with the record `{ outcome: 'aborted', source? }` ([ARC-8]). An unrecorded turn before the
   * last recorded one is left as it is: a marker appended at the end would stand in the wrong
   * place. Idempotent. Assumes no other live process writes the session. Resolves with what it
   * closed (none without archive).
   */
  recoverCutTurns(sessionId: string, options?: RecoverCutTurnsOptions): Promise<RecoveredTurn[]>;
  /** The active history from the memory, or `[]` without one ([SVC-5]). */
  history(sessionId: string, options?: HistoryOptions): Promise<Message[]>;
  /** `countHistory` of the memory, or `0` without one ([USG-5]). */
  countHistory(sessionId: string): Promise<number>;
}
