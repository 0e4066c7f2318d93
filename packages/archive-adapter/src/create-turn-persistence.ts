import type { HistoryOptions, MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { Message, MessageActor } from '@aalis/schema-message';
import { archiveInputs } from './archive-inputs';
import { assertNonEmptyString } from './assert-non-empty-string';
import { createTurnWriter } from './create-turn-writer';
import { type CutTurnText, cutTurnText } from './cut-turn-text';
import type { PersistableInput } from './persistable-input';
import { recoverCutTurns } from './recover-cut-turns';
import { stopMarkerText } from './stop-marker-text';
import type {
  RecoverCutTurnsOptions,
  RecoveredTurn,
  TurnPersistence,
  TurnPersistenceOptions,
} from './turn-persistence';
import type { BeginTurnOptions, TurnWriter } from './turn-writer';

/**
 * Creates the persistence conventions the agent's turn code calls ([ARC-1]..[ARC-9],
 * [HK-9], [OUT-1], [USG-5]): `beginTurn` gives the writer of each turn. Also recovers the
 * turns cut by a crash ([DUR-1]). With no archive every write is a no-op and no input gets
 * `archived`; with no memory, history reads are empty ([SVC-5]).
 */
export function createTurnPersistence(options: TurnPersistenceOptions = {}): TurnPersistence {
  return new ConventionWriter(options);
}

class ConventionWriter implements TurnPersistence {
  readonly #archive: MessageArchiveService | undefined;
  readonly #memory: MemoryService | undefined;
  readonly #stopMarkerText: (by: MessageActor | undefined) => string;
  readonly #cutTurnText: CutTurnText;
  /** The ids of the turns with an open writer: running here, so never cut ([DUR-1]). */
  readonly #turns = new Set<string>();

  constructor(options: TurnPersistenceOptions) {
    this.#archive = options.archive;
    this.#memory = options.memory;
    const language = options.stopMarkerLanguage ?? 'zh';
    this.#stopMarkerText = options.stopMarkerText ?? ((by) => stopMarkerText(by, language));
    this.#cutTurnText = options.cutTurnText ?? cutTurnText(language);
  }

  get archiving(): boolean {
    return this.#archive !== undefined;
  }

  beginTurn(options: BeginTurnOptions): TurnWriter {
    const turnId = options?.turnId;
    assertNonEmptyString(turnId, 'turnId');
    if (this.#turns.has(turnId)) throw new TypeError(`turn ${turnId} already has an open writer`);
    const writer = createTurnWriter({
      turnId,
      sessionId: options.sessionId,
      archive: this.#archive,
      memory: this.#memory,
      stopMarkerText: this.#stopMarkerText,
      onEnd: () => this.#turns.delete(turnId),
    });
    this.#turns.add(turnId);
    return writer;
  }

  async archiveReleased(inputs: readonly PersistableInput[]): Promise<Message[]> {
    return archiveInputs({ archive: this.#archive, inputs });
  }

  async recoverCutTurns(sessionId: string, options: RecoverCutTurnsOptions = {}): Promise<RecoveredTurn[]> {
    assertNonEmptyString(sessionId, 'sessionId');
    const { isRunning, createCallId } = options;
    if (isRunning !== undefined && typeof isRunning !== 'function')
      throw new TypeError('isRunning must be a function');
    if (createCallId !== undefined && typeof createCallId !== 'function')
      throw new TypeError('createCallId must be a function');
    if (this.#archive === undefined) return [];
    return recoverCutTurns({
      archive: this.#archive,
      sessionId,
      text: this.#cutTurnText,
      // A turn with an open writer here is running here, whatever the caller knows.
      isRunning: (turnId) => this.#turns.has(turnId) || (isRunning?.(turnId) ?? false),
      createCallId,
    });
  }

  async history(sessionId: string, options?: HistoryOptions): Promise<Message[]> {
    return (await this.#memory?.history(sessionId, options)) ?? [];
  }

  async countHistory(sessionId: string): Promise<number> {
    return (await this.#memory?.countHistory(sessionId)) ?? 0;
  }
}
