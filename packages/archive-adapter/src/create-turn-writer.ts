import type { HistoryOptions, MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { Message, MessageActor, TurnEntry, TurnRecord } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { archiveInputs } from './archive-inputs';
import { assertNonEmptyString } from './assert-non-empty-string';
import { withoutUndefined } from './incoming-message-metadata';
import type { PersistableInput } from './persistable-input';
import { toolGroupDrafts } from './tool-group-drafts';
import type {
  FinishedTurn,
  FinishTurnOptions,
  PersistReplyOptions,
  PersistToolGroupOptions,
  TurnWriter,
} from './turn-writer';

/** What `createTurnWriter` needs: the turn, where it goes, and how to tell that it ended. Not public API. */
export interface TurnWriterOptions {
  readonly turnId: string;
  readonly sessionId: string;
  readonly archive: MessageArchiveService | undefined;
  readonly memory: MemoryService | undefined;
  /** The wording of the stop marker ([ARC-9]). */
  readonly stopMarkerText: (by: MessageActor | undefined) => string;
  /** Called once, when `finish`, `rollback` or `forget` ends the turn. */
  readonly onEnd: () => void;
}

/**
 * Creates the writer of one turn ([ARC-1]..[ARC-9]): its writes carry the turn id and go to the
 * turn's session; it keeps what the turn persisted in itself. `TurnPersistence.beginTurn` is
 * the public way to get one. Not public API.
 */
export function createTurnWriter(options: TurnWriterOptions): TurnWriter {
  assertNonEmptyString(options.turnId, 'turnId');
  assertNonEmptyString(options.sessionId, 'sessionId');
  return new ConventionTurnWriter(options);
}

class ConventionTurnWriter implements TurnWriter {
  readonly turnId: string;
  readonly sessionId: string;
  readonly #options: TurnWriterOptions;
  #inputs = 0;
  #toolGroups = 0;
  #lastReplyId: string | undefined;
  #finishing = false;
  #ended = false;

  constructor(options: TurnWriterOptions) {
    this.turnId = options.turnId;
    this.sessionId = options.sessionId;
    this.#options = options;
  }

  get hasHistory(): boolean {
    return this.#inputs > 0 || this.#toolGroups > 0;
  }

  get ended(): boolean {
    return this.#ended;
  }

  async archiveOpened(inputs: readonly PersistableInput[]): Promise<Message[]> {
    return this.#archiveInputs(inputs, 'opened');
  }

  async archiveJoined(inputs: readonly PersistableInput[]): Promise<Message[]> {
    return this.#archiveInputs(inputs, 'joined');
  }

  async persistToolGroup(options: PersistToolGroupOptions): Promise<Message[]> {
    this.#assertOpen();
    const drafts = toolGroupDrafts(this.turnId, options);
    const archive = this.#options.archive;
    if (archive === undefined) return [];
    const stored = await archive.append(this.sessionId, drafts);
    this.#toolGroups += 1;
    return stored;
  }

  async persistReply(options: PersistReplyOptions): Promise<Message | undefined> {
    this.#assertOpen();
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    const archive = this.#options.archive;
    if (archive === undefined) return undefined;
    const metadata = withoutUndefined({
      [Keys.TurnId]: this.turnId,
      [Keys.Model]: options.model,
      [Keys.Tokens]: options.tokens,
      [Keys.Platform]: options.platform,
      [Keys.SelfIdentity]: options.selfIdentity,
      [Keys.Group]: options.group,
      [Keys.SessionType]: options.sessionType,
      [Keys.VisibleContent]: options.visibleContent,
      [Keys.NotSent]: options.sent ? undefined : (true as const),
    });
    const [reply] = await archive.append(this.sessionId, [
      { role: 'assistant', content: options.content, metadata },
    ]);
    // A version that was not sent (a dropped format-retry version) is not the turn's reply:
    // the record goes on the last sent reply, or on an event marker when there is none ([ARC-8]).
    if (reply !== undefined && options.sent) this.#lastReplyId = reply.id;
    return reply;
  }

  async markNotSent(messageId: string): Promise<void> {
    this.#assertOpen();
    assertNonEmptyString(messageId, 'messageId');
    await this.#options.archive?.updateMetadata(messageId, { [Keys.NotSent]: true });
  }

  async finish(options: FinishTurnOptions): Promise<FinishedTurn> {
    if (this.#finishing || this.#ended) throw new TypeError(`turn ${this.turnId} was already ended`);
    const record = recordOf(options?.record);
    this.#finishing = true;
    try {
      const stopMarker = record.outcome === 'aborted' ? await this.#writeStopMarker(options.by) : undefined;
      // From here on the turn is no longer running: recovery may close it if the record is lost.
      this.#end();
      await this.#writeRecord(record);
      return { stopMarker };
    } finally {
      this.#end();
    }
  }

  async rollback(): Promise<number> {
    this.#end();
    return (await this.#options.archive?.rollback(this.sessionId, this.turnId)) ?? 0;
  }

  forget(): void {
    this.#end();
  }

  async history(options?: HistoryOptions): Promise<Message[]> {
    return (await this.#options.memory?.history(this.sessionId, options)) ?? [];
  }

  async countHistory(): Promise<number> {
    return (await this.#options.memory?.countHistory(this.sessionId)) ?? 0;
  }

  async #archiveInputs(inputs: readonly PersistableInput[], entry: TurnEntry): Promise<Message[]> {
    this.#assertOpen();
    return archiveInputs({
      archive: this.#options.archive,
      inputs,
      turn: { turnId: this.turnId, entry },
      onArchived: () => {
        this.#inputs += 1;
      },
    });
  }

  /** The stop marker of an aborted turn with something in history ([ARC-9]). */
  async #writeStopMarker(by: MessageActor | undefined): Promise<Message | undefined> {
    const archive = this.#options.archive;
    if (archive === undefined || !this.hasHistory) return undefined;
    const stoppedBy = by === undefined ? undefined : actorOf(by);
    const [marker] = await archive.append(this.sessionId, [
      {
        role: 'system',
        kind: WellKnownKinds.TurnStopped,
        content: this.#options.stopMarkerText(stoppedBy),
        metadata: withoutUndefined({ [Keys.TurnId]: this.turnId, [Keys.StoppedBy]: stoppedBy }),
      },
    ]);
    return marker;
  }

  /** The record on the last sent reply, or on an event marker when there is none ([ARC-8]). */
  async #writeRecord(record: TurnRecord): Promise<void> {
    const archive = this.#options.archive;
    if (archive === undefined) return;
    if (this.#lastReplyId !== undefined) {
      await archive.updateMetadata(this.#lastReplyId, { [Keys.TurnRecord]: record });
      return;
    }
    await archive.append(this.sessionId, [
      {
        role: 'system',
        kind: WellKnownKinds.EventMarker,
        content: '',
        metadata: { [Keys.TurnId]: this.turnId, [Keys.TurnRecord]: record },
      },
    ]);
  }

  #assertOpen(): void {
    if (this.#ended || this.#finishing)
      throw new TypeError(`turn ${this.turnId} has ended: nothing more can be written`);
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#options.onEnd();
  }
}

/** The record's registered fields only (nothing else, e.g. an abort reason, is stored: [ABT-5]). */
function recordOf(record: TurnRecord): TurnRecord {
  if (typeof record !== 'object' || record === null) throw new TypeError('record must be an object');
  return withoutUndefined({ outcome: record.outcome, source: record.source, error: record.error });
}

function actorOf(by: MessageActor): MessageActor {
  return withoutUndefined({ id: by.id, name: by.name, platform: by.platform, roles: by.roles });
}
