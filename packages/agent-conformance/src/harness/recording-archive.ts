import type { MemoryService } from '@aalis/api-memory';
import {
  ArchivedMessageNotFoundError,
  ArchiveStorageError,
  type MessageArchiveService,
  type MessageDraft,
} from '@aalis/api-message-archive';
import {
  type IncomingMessage,
  isControlKind,
  WellKnownMetadataKeys as Keys,
  type Message,
  type MessageMetadata,
} from '@aalis/schema-message';
import { type Activity, createActivity } from './activity';
import type { ArchiveOperation, ArchiveWrite } from './archive-write';
import { type Clock, createClock } from './clock';
import type { Gate } from './gate';
import { createIds, type Ids } from './ids';
import { selectActiveHistory } from './select-active-history';

type MutableWrite = { -readonly [TKey in keyof ArchiveWrite]: ArchiveWrite[TKey] };

/** The in-memory archive and memory of a harness; every write is recorded. */
export interface RecordingArchive {
  /** The `message-archive` provider. */
  readonly service: MessageArchiveService;
  /** The `memory` provider (same storage). */
  readonly memory: MemoryService;
  /** Every write, in order, failed ones included. */
  readonly writes: readonly ArchiveWrite[];
  /** The session's stored messages now, oldest first, markers included. */
  messages(sessionId: string): Message[];
  /** Stores messages as prior history, without recording writes. */
  seed(sessionId: string, drafts: readonly MessageDraft[]): Message[];
  /** Makes the next call of `operation` fail with `ArchiveStorageError` ([SVC-3]). */
  failNext(operation: ArchiveOperation): void;
  /**
   * Makes the next call of `operation` never settle, as a store that stopped answering
   * ([LIV-1]): it stores nothing and records no write, only its operation in `hung`.
   */
  hangNext(operation: ArchiveOperation): void;
  /** The calls that hung (`hangNext`), by operation, in the order they came. */
  readonly hung: readonly ArchiveOperation[];
  /**
   * Makes the next call of `operation` wait until `gate` opens before it does its work, as a
   * slow store ([ARC-8]: what must be stored before a step is awaited, not only started).
   */
  holdNext(operation: ArchiveOperation, gate: Gate): void;
}

/** Options of {@link createRecordingArchive}; every one has a default. */
export interface RecordingArchiveOptions {
  /** The sequence shared with other fakes, to compare the order of their actions. Default: its own. */
  readonly activity?: Activity;
  /** Where `createdAt` comes from. Default: its own deterministic clock. */
  readonly clock?: Clock;
  /** Where message ids come from (`msg-1`, …). Default: its own. */
  readonly ids?: Ids;
}

/**
 * Creates a recording archive: an in-memory `message-archive` and `memory` recording every
 * write (the harness's; [ARC-1]..[ARC-9] are read from what it stores), and a fake for your
 * own tests.
 */
export function createRecordingArchive(input: RecordingArchiveOptions = {}): RecordingArchive {
  const options = {
    activity: input.activity ?? createActivity(),
    clock: input.clock ?? createClock(),
    ids: input.ids ?? createIds(),
  };
  const stored: Message[] = [];
  const writes: ArchiveWrite[] = [];
  const failing = new Set<ArchiveOperation>();
  const hanging = new Set<ArchiveOperation>();
  const hungCalls: ArchiveOperation[] = [];
  /** A call that never settles when `operation` was asked to hang. */
  const hung = <TValue>(operation: ArchiveOperation): Promise<TValue> | undefined => {
    if (!hanging.delete(operation)) return undefined;
    options.activity.record(() => hungCalls.push(operation));
    return new Promise<TValue>(() => undefined);
  };
  const holding = new Map<ArchiveOperation, Gate>();
  /** Waits for the gate `operation` was asked to wait for, once. */
  const held = async (operation: ArchiveOperation): Promise<void> => {
    const gate = holding.get(operation);
    holding.delete(operation);
    await gate?.opened;
  };
  const store = (sessionId: string, draft: MessageDraft): Message => {
    const message: Message = {
      ...draft,
      id: draft.id ?? options.ids.next('msg'),
      sessionId,
      createdAt: draft.createdAt ?? options.clock.now(),
      metadata: { ...(draft.metadata ?? {}) },
    };
    stored.push(message);
    return message;
  };
  const record = (write: Omit<ArchiveWrite, 'seq' | 'failed' | 'messages'>): MutableWrite => {
    const failed = failing.delete(write.operation);
    const entry: MutableWrite = { messages: [], ...write, failed, seq: 0 };
    options.activity.record((seq) => {
      entry.seq = seq;
      writes.push(entry);
    });
    if (failed) throw new ArchiveStorageError(`conformance: injected ${write.operation} failure`);
    return entry;
  };
  const remove = (predicate: (message: Message) => boolean) => {
    let removed = 0;
    for (let index = stored.length - 1; index >= 0; index -= 1) {
      if (!predicate(stored[index]!)) continue;
      stored.splice(index, 1);
      removed += 1;
    }
    return removed;
  };
  const ofSession = (sessionId: string) => stored.filter((message) => message.sessionId === sessionId);
  const inSessions = (sessionIds: readonly string[] | undefined) => (message: Message) =>
    sessionIds === undefined || sessionIds.includes(message.sessionId);

  const service: MessageArchiveService = {
    archiveIncoming: async (message, incoming = {}) => {
      const hanging = hung<Message>('archiveIncoming');
      if (hanging !== undefined) return hanging;
      await held('archiveIncoming');
      const write = record({ operation: 'archiveIncoming', sessionId: message.sessionId, incoming });
      const draft: MessageDraft = {
        role: 'user',
        content: message.content,
        metadata: incomingMetadata(message, incoming),
      };
      const saved = store(message.sessionId, draft);
      write.messages = [saved];
      return saved;
    },
    append: async (sessionId, drafts) => {
      const hanging = hung<Message[]>('append');
      if (hanging !== undefined) return hanging;
      await held('append');
      const write = record({ operation: 'append', sessionId });
      const saved = drafts.map((draft) => store(sessionId, draft));
      write.messages = saved;
      return saved;
    },
    updateMetadata: async (messageId, patch) => {
      const hanging = hung<void>('updateMetadata');
      if (hanging !== undefined) return hanging;
      await held('updateMetadata');
      const index = stored.findIndex((message) => message.id === messageId);
      record({ operation: 'updateMetadata', sessionId: stored[index]?.sessionId, messageId, patch });
      const current = stored[index];
      if (current === undefined) throw new ArchivedMessageNotFoundError(messageId);
      const metadata: Record<string, unknown> = { ...current.metadata };
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined) delete metadata[key];
        else metadata[key] = value;
      }
      stored[index] = { ...current, metadata };
    },
    rollback: async (sessionId, turnId) => {
      const hanging = hung<number>('rollback');
      if (hanging !== undefined) return hanging;
      await held('rollback');
      record({ operation: 'rollback', sessionId, turnId });
      return remove((message) => message.sessionId === sessionId && message.metadata[Keys.TurnId] === turnId);
    },
    list: async (sessionId, listOptions = {}) => {
      let messages = ofSession(sessionId);
      if (listOptions.before !== undefined) {
        const index = messages.findIndex((message) => message.id === listOptions.before);
        if (index < 0) throw new ArchivedMessageNotFoundError(listOptions.before);
        messages = messages.slice(0, index);
      }
      if (listOptions.limit === undefined) return messages;
      return listOptions.limit === 0 ? [] : messages.slice(-listOptions.limit);
    },
    get: async (messageId) => stored.find((message) => message.id === messageId),
    clear: async (sessionIds) => {
      const hanging = hung<number>('clear');
      if (hanging !== undefined) return hanging;
      await held('clear');
      record({ operation: 'clear', sessionId: undefined, sessionIds });
      return remove(inSessions(sessionIds));
    },
  };
  const memory: MemoryService = {
    history: async (sessionId, historyOptions = {}) =>
      selectActiveHistory(ofSession(sessionId), historyOptions.limit ?? 0),
    countHistory: async (sessionId) =>
      selectActiveHistory(ofSession(sessionId)).filter((message) => !isControlKind(message.kind)).length,
    clearHistory: async (sessionIds) => {
      const hanging = hung<void>('clearHistory');
      if (hanging !== undefined) return hanging;
      await held('clearHistory');
      record({ operation: 'clearHistory', sessionId: undefined, sessionIds });
      remove(inSessions(sessionIds));
    },
  };
  return {
    service,
    memory,
    writes,
    hung: hungCalls,
    messages: ofSession,
    seed: (sessionId, drafts) => drafts.map((draft) => store(sessionId, draft)),
    failNext: (operation) => {
      failing.add(operation);
    },
    hangNext: (operation) => {
      hanging.add(operation);
    },
    holdNext: (operation, gate) => {
      holding.set(operation, gate);
    },
  };
}

function incomingMetadata(
  message: IncomingMessage,
  incoming: { readonly turnId?: string; readonly entry?: string },
): MessageMetadata {
  const metadata: Record<string, unknown> = {
    [Keys.Sender]: {
      userId: message.userId,
      ...(message.nickname === undefined ? {} : { nickname: message.nickname }),
      ...(message.actor === undefined ? {} : { actor: message.actor }),
    },
    [Keys.Platform]: message.platform,
  };
  if (incoming.turnId !== undefined) metadata[Keys.TurnId] = incoming.turnId;
  if (incoming.entry !== undefined) metadata[Keys.TurnEntry] = incoming.entry;
  if (message.source !== undefined) metadata[Keys.Source] = message.source;
  if (message.triggerType !== undefined) metadata[Keys.TriggerType] = message.triggerType;
  if (message.groupId !== undefined) {
    metadata[Keys.Group] = { id: message.groupId, ...(message.groupName ? { name: message.groupName } : {}) };
  }
  if (message.sessionType !== undefined) metadata[Keys.SessionType] = message.sessionType;
  if (message.attachments !== undefined) metadata[Keys.Attachments] = message.attachments;
  if (message.replyTo !== undefined) metadata[Keys.ReplyTo] = message.replyTo;
  if (message.messageId !== undefined) metadata[Keys.PlatformMessageId] = message.messageId;
  return metadata;
}
