import type { HistoryOptions } from '@aalis/api-memory';
import type {
  ArchiveIncomingOptions,
  ListMessagesOptions,
  MessageDraft,
  MetadataPatch,
} from '@aalis/api-message-archive';
import { ArchivedMessageNotFoundError, MessageArchiveError } from '@aalis/api-message-archive';
import type { IncomingMessage, Message } from '@aalis/schema-message';
import { CONTROL_KINDS, isControlKind, WellKnownKinds } from '@aalis/schema-message';
import type { ArchiveStore, ArchiveStoreOptions } from './archive-store';
import { assertWellFormedId } from './assert-well-formed-id';
import { buildTimeline } from './build-timeline';
import { createTimeOrderedId } from './create-time-ordered-id';
import { incomingMessageMetadata } from './incoming-message-metadata';
import { normalizeHistoryLimit, selectHistory } from './select-history';
import type { SessionTimeline } from './session-timeline';
import { StorageOperationError } from './storage-operation-error';
import type { Awaitable, StoreEngine } from './store-engine';
import type { StoreOperation } from './store-operation';
import { encodeContent } from './stored-content';
import { decodeRow, type NewRow, type StoredRow, tryDecodeRow } from './stored-row';

interface PreparedRow {
  readonly row: NewRow;
  readonly message: Message;
}

/**
 * The behaviour every store shares: each public method validates and normalizes its
 * arguments (misuse is a `TypeError`; ids must be well-formed UTF-16), then calls the storage
 * primitives of its engine (each write is one primitive, so one transaction), and validates
 * the rows it reads back. Storage failures become the engine's typed error or a
 * `StorageOperationError` naming the method and whether it read or wrote, with the failure
 * as `cause`. A store of another package extends it with its own engine (see
 * `@aalis/archive-adapter/engine`).
 */
export abstract class ArchiveStoreBase implements ArchiveStore {
  readonly #engine: StoreEngine;
  readonly #now: () => number;
  readonly #createId: () => string;
  #closed = false;

  protected constructor(engine: StoreEngine, options: ArchiveStoreOptions) {
    this.#engine = engine;
    this.#now = options.now ?? Date.now;
    this.#createId = options.createId ?? createTimeOrderedId;
  }

  /** Stores an input as a `user` message with its registered metadata keys ([ARC-6]). */
  async archiveIncoming(message: IncomingMessage, options: ArchiveIncomingOptions = {}): Promise<Message> {
    if (typeof message !== 'object' || message === null) throw new TypeError('message must be an object');
    assertWellFormedId(message.sessionId, 'message.sessionId');
    if (options.entry !== undefined && options.turnId === undefined) {
      throw new TypeError('archiveIncoming: entry needs a turnId');
    }
    const draft: MessageDraft = {
      role: 'user',
      content: message.content,
      metadata: incomingMessageMetadata(message, options),
    };
    const [stored] = await this.#insert('archiveIncoming', message.sessionId, [draft]);
    return stored as Message;
  }

  /** Appends messages to a session in order, all or none ([ARC-1]). */
  async append(sessionId: string, messages: readonly MessageDraft[]): Promise<Message[]> {
    assertWellFormedId(sessionId, 'sessionId');
    if (!Array.isArray(messages)) throw new TypeError('messages must be an array');
    if (messages.length === 0) return [];
    return this.#insert('append', sessionId, messages);
  }

  /** Merges `patch` into a message's metadata; a key set to `undefined` is removed. */
  async updateMetadata(messageId: string, patch: MetadataPatch): Promise<void> {
    assertWellFormedId(messageId, 'messageId');
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      throw new TypeError('patch must be an object');
    }
    const found = await this.#storage('updateMetadata', (engine) =>
      engine.rewriteMetadata(messageId, (row) => {
        const current = decodeRow(row);
        const metadata: Record<string, unknown> = { ...current.metadata };
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined) delete metadata[key];
          else metadata[key] = value;
        }
        const { row: next } = this.#prepare(current.sessionId, { ...current, metadata });
        return { metadata: next.metadata, turnId: next.turnId };
      }),
    );
    if (!found) throw new ArchivedMessageNotFoundError(messageId);
  }

  /** Deletes every message of the session's turn `turnId`, inputs included ([ARC-7]). */
  async rollback(sessionId: string, turnId: string): Promise<number> {
    assertWellFormedId(sessionId, 'sessionId');
    assertWellFormedId(turnId, 'turnId');
    return this.#storage('rollback', (engine) => engine.deleteTurn(sessionId, turnId));
  }

  /**
   * A session's stored messages, oldest first, markers included. `limit` keeps the most
   * recent ones (`0`: none); `before` must name a stored message, else the call rejects with
   * `ArchivedMessageNotFoundError`.
   */
  async list(sessionId: string, options: ListMessagesOptions = {}): Promise<Message[]> {
    return this.#list('list', sessionId, options);
  }

  async #list(
    operation: StoreOperation,
    sessionId: string,
    options: ListMessagesOptions,
  ): Promise<Message[]> {
    assertWellFormedId(sessionId, 'sessionId');
    const { limit, before } = options;
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
      throw new TypeError(`limit must be a non-negative integer, got ${String(limit)}`);
    }
    if (before !== undefined) assertWellFormedId(before, 'before');
    const rows = await this.#storage(operation, async (engine) => {
      const beforeSeq = before === undefined ? undefined : (await engine.selectById(before))?.seq;
      if (before !== undefined && beforeSeq === undefined) throw new ArchivedMessageNotFoundError(before);
      return engine.selectSession(sessionId, { beforeSeq, limit });
    });
    return rows.map(decodeRow);
  }

  /** One stored message, or `undefined`. */
  async get(messageId: string): Promise<Message | undefined> {
    assertWellFormedId(messageId, 'messageId');
    const row = await this.#storage('get', (engine) => engine.selectById(messageId));
    return row === undefined ? undefined : decodeRow(row);
  }

  /** Deletes every message of these sessions (`undefined`: of all); resolves with how many. */
  async clear(sessionIds: readonly string[] | undefined): Promise<number> {
    if (sessionIds !== undefined) {
      if (!Array.isArray(sessionIds)) throw new TypeError('sessionIds must be an array or undefined');
      for (const sessionId of sessionIds) assertWellFormedId(sessionId, 'sessionIds[]');
    }
    return this.#storage('clear', (engine) => engine.deleteSessions(sessionIds));
  }

  /**
   * The active history a model should see (see `selectHistory`): no event markers, stop
   * markers kept, `limit` conversation messages at most ([ARC-9], [USG-6]).
   */
  async history(sessionId: string, options: HistoryOptions = {}): Promise<Message[]> {
    assertWellFormedId(sessionId, 'sessionId');
    const limit = normalizeHistoryLimit(options.limit);
    const rows = await this.#storage('history', (engine) =>
      limit === 0 ? engine.selectSession(sessionId, {}) : historyWindow(engine, sessionId, limit),
    );
    return selectHistory(rows.map(decodeRow), { limit });
  }

  /** The number of conversation messages in the active history: control kinds left out ([USG-5]). */
  async countHistory(sessionId: string): Promise<number> {
    assertWellFormedId(sessionId, 'sessionId');
    return this.#storage('countHistory', (engine) => engine.countRows(sessionId, CONTROL_KINDS));
  }

  /** The default action of `memory:clear`: deletes the history of these sessions (`undefined`: all). */
  async clearHistory(sessionIds: readonly string[] | undefined): Promise<void> {
    await this.clear(sessionIds);
  }

  /** The session's turns and loose messages as they happened ([ARC-2], [ARC-5], [ARC-8]). */
  async timeline(sessionId: string): Promise<SessionTimeline> {
    return buildTimeline(sessionId, await this.#list('timeline', sessionId, {}));
  }

  /** Releases the storage; later calls reject with `StorageOperationError` (an `ArchiveStorageError`). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#engine.close();
  }

  async #insert(
    operation: StoreOperation,
    sessionId: string,
    drafts: readonly MessageDraft[],
  ): Promise<Message[]> {
    const prepared = drafts.map((draft) => this.#prepare(sessionId, draft));
    await this.#storage(operation, (engine) => engine.insertRows(prepared.map(({ row }) => row)));
    return prepared.map(({ message }) => message);
  }

  /** Turns a draft into a row, validated exactly as it will be read back. */
  #prepare(sessionId: string, draft: MessageDraft): PreparedRow {
    if (typeof draft !== 'object' || draft === null) throw new TypeError('a message must be an object');
    const id = draft.id ?? this.#createId();
    const metadata = serialize(draft.metadata ?? {}, id, 'metadata');
    const toolCalls = draft.toolCalls === undefined ? null : serialize(draft.toolCalls, id, 'toolCalls');
    const row: NewRow = {
      id,
      sessionId,
      role: draft.role,
      content: typeof draft.content === 'string' ? encodeContent(draft.content) : draft.content,
      toolCalls,
      toolCallId: draft.toolCallId ?? null,
      kind: draft.kind ?? null,
      metadata,
      turnId: null,
      createdAt: draft.createdAt ?? this.#now(),
    };
    const decoded = tryDecodeRow(row);
    if (!decoded.ok) {
      throw new TypeError(
        `invalid message ${String(id)} for session ${sessionId}: ${decoded.error.message}`,
        {
          cause: decoded.error,
        },
      );
    }
    assertWellFormedKeys(decoded.message);
    return { row: { ...row, turnId: decoded.message.metadata.turnId ?? null }, message: decoded.message };
  }

  /** Runs `work` on the engine (awaiting it when it answers with a promise) and types its failure. */
  async #storage<T>(operation: StoreOperation, work: (engine: StoreEngine) => Awaitable<T>): Promise<T> {
    if (this.#closed) throw new StorageOperationError({ operation, reason: 'the store is closed' });
    try {
      return await work(this.#engine);
    } catch (error) {
      if (error instanceof TypeError || MessageArchiveError.isInstance(error)) throw error;
      throw (
        this.#engine.typedFailure?.(error, operation) ??
        new StorageOperationError({ operation, cause: error })
      );
    }
  }
}

/**
 * The newest rows of a session (event markers left out) holding more than `limit`
 * conversation messages, or all of them: enough for `selectHistory` to cut at the same
 * place as on the whole history, oldest first.
 */
async function historyWindow(engine: StoreEngine, sessionId: string, limit: number): Promise<StoredRow[]> {
  const pageSize = limit + 32;
  const window: StoredRow[] = [];
  let counted = 0;
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await engine.selectBackward(sessionId, {
      beforeSeq,
      limit: pageSize,
      excludeKind: WellKnownKinds.EventMarker,
    });
    for (const row of page) {
      window.push(row);
      if (!isControlKind(row.kind ?? undefined)) counted += 1;
      if (counted > limit) return window.reverse();
    }
    const last = page[page.length - 1];
    if (page.length < pageSize || last === undefined) return window.reverse();
    beforeSeq = last.seq;
  }
}

/**
 * The fields kept in key columns (id, tool call id, kind, turn id) must be well-formed:
 * SQLite keeps them as UTF-8 text, and a lookup by a changed key would miss.
 */
function assertWellFormedKeys(message: Message): void {
  assertWellFormedId(message.id, 'message id');
  if (message.toolCallId !== undefined)
    assertWellFormedId(message.toolCallId, `message ${message.id}: toolCallId`);
  if (message.kind !== undefined) assertWellFormedId(message.kind, `message ${message.id}: kind`);
  const turnId = message.metadata.turnId;
  if (turnId !== undefined) assertWellFormedId(turnId, `message ${message.id}: metadata.turnId`);
}

function serialize(value: unknown, id: string, field: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`message ${id}: ${field} is not serialisable as JSON`, { cause: error });
  }
  if (typeof text !== 'string') throw new TypeError(`message ${id}: ${field} is not serialisable as JSON`);
  return text;
}
