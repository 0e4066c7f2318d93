import type {
  MetadataRewrite,
  SelectBackwardOptions,
  SelectSessionOptions,
  StoreEngine,
} from './store-engine';
import { duplicateIdError, type NewRow, type StoredRow } from './stored-row';

/**
 * Storage primitives over maps, keeping the same rows as the SQLite engine (JSON text,
 * content as `StoredContent`) so that both stores read back exactly the same messages. Not
 * public API.
 */
export class InMemoryEngine implements StoreEngine {
  readonly #sessions = new Map<string, StoredRow[]>();
  readonly #byId = new Map<string, StoredRow>();
  #nextSeq = 1;

  insertRows(rows: readonly NewRow[]): void {
    const ids = new Set<string>();
    for (const { id } of rows) {
      if (ids.has(id) || this.#byId.has(id)) throw duplicateIdError(id);
      ids.add(id);
    }
    for (const row of rows) {
      const stored: StoredRow = { ...row, seq: this.#nextSeq };
      this.#nextSeq += 1;
      this.#byId.set(stored.id, stored);
      const sessionRows = this.#sessions.get(stored.sessionId);
      if (sessionRows === undefined) this.#sessions.set(stored.sessionId, [stored]);
      else sessionRows.push(stored);
    }
  }

  selectById(id: string): StoredRow | undefined {
    return this.#byId.get(id);
  }

  selectSession(sessionId: string, options: SelectSessionOptions): StoredRow[] {
    const rows = this.#sessions.get(sessionId) ?? [];
    const end = options.beforeSeq === undefined ? rows.length : firstIndexAtOrAfter(rows, options.beforeSeq);
    const start = options.limit === undefined ? 0 : Math.max(0, end - options.limit);
    return rows.slice(start, end);
  }

  selectBackward(sessionId: string, options: SelectBackwardOptions): StoredRow[] {
    const rows = this.#sessions.get(sessionId) ?? [];
    const page: StoredRow[] = [];
    let index = options.beforeSeq === undefined ? rows.length : firstIndexAtOrAfter(rows, options.beforeSeq);
    while (index > 0 && page.length < options.limit) {
      index -= 1;
      const row = rows[index] as StoredRow;
      if (row.kind !== options.excludeKind) page.push(row);
    }
    return page;
  }

  countRows(sessionId: string, excludedKinds: readonly string[]): number {
    let count = 0;
    for (const row of this.#sessions.get(sessionId) ?? []) {
      if (row.kind === null || !excludedKinds.includes(row.kind)) count += 1;
    }
    return count;
  }

  rewriteMetadata(id: string, rewrite: (row: StoredRow) => MetadataRewrite): boolean {
    const row = this.#byId.get(id);
    if (row === undefined) return false;
    const next: StoredRow = { ...row, ...rewrite(row) };
    this.#byId.set(id, next);
    const rows = this.#sessions.get(row.sessionId) ?? [];
    rows[firstIndexAtOrAfter(rows, row.seq)] = next;
    return true;
  }

  deleteTurn(sessionId: string, turnId: string): number {
    const rows = this.#sessions.get(sessionId);
    if (rows === undefined) return 0;
    const kept = rows.filter((row) => row.turnId !== turnId);
    for (const row of rows) if (row.turnId === turnId) this.#byId.delete(row.id);
    this.#sessions.set(sessionId, kept);
    return rows.length - kept.length;
  }

  deleteSessions(sessionIds: readonly string[] | undefined): number {
    const targets = sessionIds ?? [...this.#sessions.keys()];
    let deleted = 0;
    for (const sessionId of targets) {
      const rows = this.#sessions.get(sessionId);
      if (rows === undefined) continue;
      for (const row of rows) this.#byId.delete(row.id);
      deleted += rows.length;
      this.#sessions.delete(sessionId);
    }
    return deleted;
  }

  close(): void {
    this.#sessions.clear();
    this.#byId.clear();
  }
}

/** Binary search: the index of the first row whose `seq` is at least `seq`. */
function firstIndexAtOrAfter(rows: readonly StoredRow[], seq: number): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((rows[middle] as StoredRow).seq < seq) low = middle + 1;
    else high = middle;
  }
  return low;
}
