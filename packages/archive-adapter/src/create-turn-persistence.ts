import type { HistoryOptions, MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService, MessageDraft } from '@aalis/api-message-archive';
import type { Message, MessageActor, TurnEntry, TurnRecord } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import { assertNonEmptyString } from './assert-non-empty-string';
import { type CutTurnText, cutTurnText } from './cut-turn-text';
import { withoutUndefined } from './incoming-message-metadata';
import type { PersistableInput } from './persistable-input';
import { recoverCutTurns } from './recover-cut-turns';
import { stopMarkerText } from './stop-marker-text';
import type {
  ArchiveTurnInputsOptions,
  PersistReplyOptions,
  PersistToolGroupOptions,
  RecoverCutTurnsOptions,
  RecoveredTurn,
  TurnPersistence,
  TurnPersistenceOptions,
  WriteStopMarkerOptions,
  WriteTurnRecordOptions,
} from './turn-persistence';

interface TurnState {
  inputs: number;
  toolGroups: number;
  lastReplyId: string | undefined;
  stopMarkerWritten: boolean;
}

/**
 * Creates the persistence conventions the agent's turn code calls ([ARC-1]..[ARC-9],
 * [HK-9], [OUT-1], [USG-5]) and the recovery of turns cut by a crash ([DUR-1]). With no
 * archive every write is a no-op and no input gets `archived`; with no memory, history
 * reads are empty ([SVC-5]).
 */
export function createTurnPersistence(options: TurnPersistenceOptions = {}): TurnPersistence {
  return new ConventionWriter(options);
}

class ConventionWriter implements TurnPersistence {
  readonly #archive: MessageArchiveService | undefined;
  readonly #memory: MemoryService | undefined;
  readonly #stopMarkerText: (by: MessageActor | undefined) => string;
  readonly #cutTurnText: CutTurnText;
  readonly #turns = new Map<string, TurnState>();

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

  async archiveOpened(options: ArchiveTurnInputsOptions): Promise<Message[]> {
    assertNonEmptyString(options?.turnId, 'turnId');
    return this.#archiveInputs(options.inputs, { turnId: options.turnId, entry: 'opened' });
  }

  async archiveJoined(options: ArchiveTurnInputsOptions): Promise<Message[]> {
    assertNonEmptyString(options?.turnId, 'turnId');
    return this.#archiveInputs(options.inputs, { turnId: options.turnId, entry: 'joined' });
  }

  async archiveReleased(inputs: readonly PersistableInput[]): Promise<Message[]> {
    return this.#archiveInputs(inputs, undefined);
  }

  async persistToolGroup(options: PersistToolGroupOptions): Promise<Message[]> {
    assertNonEmptyString(options?.turnId, 'turnId');
    assertNonEmptyString(options.sessionId, 'sessionId');
    const drafts = toolGroupDrafts(options);
    if (this.#archive === undefined) return [];
    const stored = await this.#archive.append(options.sessionId, drafts);
    this.#state(options.turnId).toolGroups += 1;
    return stored;
  }

  async persistReply(options: PersistReplyOptions): Promise<Message | undefined> {
    assertNonEmptyString(options?.turnId, 'turnId');
    assertNonEmptyString(options.sessionId, 'sessionId');
    if (this.#archive === undefined) return undefined;
    const metadata = withoutUndefined({
      [Keys.TurnId]: options.turnId,
      [Keys.Model]: options.model,
      [Keys.Tokens]: options.tokens,
      [Keys.Platform]: options.platform,
      [Keys.SelfIdentity]: options.selfIdentity,
      [Keys.Group]: options.group,
      [Keys.SessionType]: options.sessionType,
      [Keys.VisibleContent]: options.visibleContent,
      [Keys.NotSent]: options.sent ? undefined : (true as const),
    });
    const [reply] = await this.#archive.append(options.sessionId, [
      { role: 'assistant', content: options.content, metadata },
    ]);
    // A version that was not sent (a dropped format-retry version) is not the turn's reply:
    // the record goes on the last sent reply, or on an event marker when there is none ([ARC-8]).
    if (reply !== undefined && options.sent) this.#state(options.turnId).lastReplyId = reply.id;
    return reply;
  }

  async markNotSent(messageId: string): Promise<void> {
    assertNonEmptyString(messageId, 'messageId');
    await this.#archive?.updateMetadata(messageId, { [Keys.NotSent]: true });
  }

  async writeTurnRecord(options: WriteTurnRecordOptions): Promise<void> {
    assertNonEmptyString(options?.turnId, 'turnId');
    assertNonEmptyString(options.sessionId, 'sessionId');
    const state = this.#turns.get(options.turnId);
    this.#turns.delete(options.turnId);
    if (this.#archive === undefined) return;
    const record = recordOf(options.record);
    if (state?.lastReplyId !== undefined) {
      await this.#archive.updateMetadata(state.lastReplyId, { [Keys.TurnRecord]: record });
      return;
    }
    await this.#archive.append(options.sessionId, [
      {
        role: 'system',
        kind: WellKnownKinds.EventMarker,
        content: '',
        metadata: { [Keys.TurnId]: options.turnId, [Keys.TurnRecord]: record },
      },
    ]);
  }

  async writeStopMarker(options: WriteStopMarkerOptions): Promise<Message | undefined> {
    assertNonEmptyString(options?.turnId, 'turnId');
    assertNonEmptyString(options.sessionId, 'sessionId');
    const state = this.#turns.get(options.turnId);
    if (this.#archive === undefined || state === undefined || state.stopMarkerWritten) return undefined;
    if (!this.hasHistory(options.turnId)) return undefined;
    const by = options.by === undefined ? undefined : actorOf(options.by);
    const [marker] = await this.#archive.append(options.sessionId, [
      {
        role: 'system',
        kind: WellKnownKinds.TurnStopped,
        content: this.#stopMarkerText(by),
        metadata: withoutUndefined({ [Keys.TurnId]: options.turnId, [Keys.StoppedBy]: by }),
      },
    ]);
    state.stopMarkerWritten = true;
    return marker;
  }

  hasHistory(turnId: string): boolean {
    const state = this.#turns.get(turnId);
    return state !== undefined && (state.inputs > 0 || state.toolGroups > 0);
  }

  async rollback(sessionId: string, turnId: string): Promise<number> {
    assertNonEmptyString(sessionId, 'sessionId');
    assertNonEmptyString(turnId, 'turnId');
    this.#turns.delete(turnId);
    return (await this.#archive?.rollback(sessionId, turnId)) ?? 0;
  }

  forgetTurn(turnId: string): void {
    this.#turns.delete(turnId);
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
      // A turn this object still tracks is running here, whatever the caller knows.
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

  async #archiveInputs(
    inputs: readonly PersistableInput[],
    turn: { readonly turnId: string; readonly entry: TurnEntry } | undefined,
  ): Promise<Message[]> {
    if (!Array.isArray(inputs)) throw new TypeError('inputs must be an array');
    const archive = this.#archive;
    if (archive === undefined) return [];
    const stored: Message[] = [];
    for (const input of inputs) {
      // Idle-trigger inputs open a topic and are never archived; an input is archived once ([HK-9]).
      if (input.message.triggerType === 'idle' || input.archived !== undefined) continue;
      const message = await archive.archiveIncoming(input.message, turn ?? {});
      input.archived = message;
      stored.push(message);
      if (turn !== undefined) this.#state(turn.turnId).inputs += 1;
    }
    return stored;
  }

  #state(turnId: string): TurnState {
    let state = this.#turns.get(turnId);
    if (state === undefined) {
      state = { inputs: 0, toolGroups: 0, lastReplyId: undefined, stopMarkerWritten: false };
      this.#turns.set(turnId, state);
    }
    return state;
  }
}

/** The drafts of a tool-call group, after checking every call has exactly one result. */
function toolGroupDrafts(options: PersistToolGroupOptions): MessageDraft[] {
  const { turnId, assistant, results } = options;
  if (!Array.isArray(assistant?.toolCalls) || assistant.toolCalls.length === 0) {
    throw new TypeError('a tool-call group needs at least one tool call');
  }
  if (!Array.isArray(results)) throw new TypeError('results must be an array');
  const waiting = new Set(assistant.toolCalls.map((call) => call.id));
  if (waiting.size !== assistant.toolCalls.length)
    throw new TypeError('tool call ids must be unique in a group');
  const callIds = new Set<string>();
  for (const result of results) {
    if (!waiting.delete(result.toolCallId)) {
      throw new TypeError(`result for tool call ${result.toolCallId}, which is not open in this group`);
    }
    assertNonEmptyString(result.callId, 'callId');
    if (callIds.has(result.callId)) throw new TypeError(`callId ${result.callId} is used twice`);
    callIds.add(result.callId);
  }
  if (waiting.size > 0) throw new TypeError(`tool calls without result: ${[...waiting].join(', ')}`);
  const assistantDraft: MessageDraft = {
    role: 'assistant',
    content: assistant.content,
    toolCalls: assistant.toolCalls.map(({ id, name, arguments: text }) => ({ id, name, arguments: text })),
    metadata: withoutUndefined({
      [Keys.TurnId]: turnId,
      [Keys.NotSent]: assistant.sent === false ? (true as const) : undefined,
    }),
  };
  const resultDrafts = results.map(
    (result): MessageDraft => ({
      role: 'tool',
      content: result.content,
      toolCallId: result.toolCallId,
      metadata: { ...result.metadata, [Keys.TurnId]: turnId, [Keys.CallId]: result.callId },
    }),
  );
  return [assistantDraft, ...resultDrafts];
}

/** The record's registered fields only (nothing else, e.g. an abort reason, is stored: [ABT-5]). */
function recordOf(record: TurnRecord): TurnRecord {
  if (typeof record !== 'object' || record === null) throw new TypeError('record must be an object');
  return withoutUndefined({ outcome: record.outcome, source: record.source, error: record.error });
}

function actorOf(by: MessageActor): MessageActor {
  return withoutUndefined({ id: by.id, name: by.name, platform: by.platform, roles: by.roles });
}
