import type { Message } from '@aalis/schema-message';
import { MessageSchema } from '@aalis/schema-message';
import { CorruptRowError } from './corrupt-row-error';
import { decodeContent, type StoredContent } from './stored-content';

/**
 * One stored message as both stores keep it: scalar columns plus JSON text for the tool
 * calls and the metadata (JSON escapes lone surrogates, so both keep any text), the content
 * as `StoredContent`, ordered by `seq` (not by time). Not public API.
 */
export interface StoredRow {
  readonly seq: number;
  readonly id: string;
  readonly sessionId: string;
  readonly role: string;
  readonly content: StoredContent;
  readonly toolCalls: string | null;
  readonly toolCallId: string | null;
  readonly kind: string | null;
  readonly metadata: string;
  /** Copy of the metadata's `turnId`, so that rollback needs no JSON. */
  readonly turnId: string | null;
  readonly createdAt: number;
}

/** A row before the store gave it a sequence number. */
export type NewRow = Omit<StoredRow, 'seq'>;

/** The name the stores give their message table (named by `CorruptRowError`). */
export const MESSAGES_TABLE = 'messages';

type DecodeResult =
  | { readonly ok: true; readonly message: Message }
  | { readonly ok: false; readonly error: Error };

/** Parses the JSON columns of a row and validates the result as a `Message`. */
export function tryDecodeRow(row: NewRow): DecodeResult {
  let candidate: Record<string, unknown>;
  try {
    candidate = {
      id: row.id,
      sessionId: row.sessionId,
      role: row.role,
      content: decodeContent(row.content),
      metadata: parseJsonColumn(row.metadata, 'metadata'),
      createdAt: row.createdAt,
    };
    if (row.toolCalls !== null) candidate.toolCalls = parseJsonColumn(row.toolCalls, 'toolCalls');
  } catch (error) {
    return { ok: false, error: error as Error };
  }
  if (row.toolCallId !== null) candidate.toolCallId = row.toolCallId;
  if (row.kind !== null) candidate.kind = row.kind;
  const result = MessageSchema.safeParse(candidate);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  const field = issue === undefined || issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
  return {
    ok: false,
    error: new Error(`${field}: ${issue?.message ?? 'invalid value'}`, { cause: result.error }),
  };
}

/** Rows are replaced, never changed in place, on update: a decoded row stays valid while its row object lives. */
const decoded = new WeakMap<StoredRow, Message>();

/**
 * Reads a stored row back as a `Message`; a row that does not validate throws
 * `CorruptRowError` naming the row.
 */
export function decodeRow(row: StoredRow): Message {
  const known = decoded.get(row);
  if (known !== undefined) return known;
  const result = tryDecodeRow(row);
  if (result.ok) {
    // Shared by every later read of this row: frozen, so no reader can change it for the others.
    const message = result.message;
    Object.freeze(message.metadata);
    if (message.toolCalls !== undefined) {
      for (const call of message.toolCalls) Object.freeze(call);
      Object.freeze(message.toolCalls);
    }
    decoded.set(row, Object.freeze(message));
    return message;
  }
  throw new CorruptRowError({
    table: MESSAGES_TABLE,
    rowId: row.seq,
    ...(typeof row.id === 'string' ? { messageId: row.id } : {}),
    cause: result.error,
  });
}

function parseJsonColumn(text: unknown, column: string): unknown {
  if (typeof text !== 'string') throw new Error(`${column}: column is not text`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${column}: not valid JSON`, { cause: error });
  }
}

/** The `TypeError` of appending a message whose id is already stored. Not public API. */
export function duplicateIdError(id: string): TypeError {
  return new TypeError(`message id ${id} is already stored`);
}
