import type { NewRow, StoredRow } from '@aalis/archive-adapter/engine';

/** A row as node-postgres returns it (bigint `seq` as text, `bytea` as a Buffer). Not public API. */
export interface PostgresRow {
  readonly seq: string;
  readonly id: string;
  readonly sessionId: string;
  readonly role: string;
  readonly content: string | null;
  readonly contentUnits: Buffer | null;
  readonly toolCalls: string | null;
  readonly toolCallId: string | null;
  readonly kind: string | null;
  readonly metadata: string;
  readonly turnId: string | null;
  readonly createdAt: number;
}

/** A database row as the store's `StoredRow`. Not public API. */
export function fromPostgresRow(row: PostgresRow): StoredRow {
  return {
    seq: Number(row.seq),
    id: row.id,
    sessionId: row.sessionId,
    role: row.role,
    content: row.contentUnits ?? row.content ?? '',
    toolCalls: row.toolCalls,
    toolCallId: row.toolCallId,
    kind: row.kind,
    metadata: row.metadata,
    turnId: row.turnId,
    createdAt: row.createdAt,
  };
}

/**
 * The parameters of one inserted row, in `INSERT_COLUMNS` order. Text PostgreSQL cannot hold
 * goes into `content_units` as UTF-16LE code units: a lone surrogate (already a blob from the
 * store) and the NUL character, which PostgreSQL's text rejects. Not public API.
 */
export function insertParameters(row: NewRow): unknown[] {
  const { content } = row;
  const units =
    typeof content !== 'string'
      ? content
      : content.includes('\u0000')
        ? Buffer.from(content, 'utf16le')
        : null;
  return [
    row.id,
    row.sessionId,
    row.role,
    units === null ? content : null,
    units === null ? null : Buffer.from(units.buffer, units.byteOffset, units.byteLength),
    row.toolCalls,
    row.toolCallId,
    row.kind,
    row.metadata,
    row.turnId,
    row.createdAt,
  ];
}
