import type { SessionHold } from '@aalis/archive-postgres';

/** How many ended hold ids are remembered against a late read of the holds in force. */
const ENDED_KEPT = 4096;

interface AppliedHold {
  /** The order in which holds were applied here, from 1. */
  readonly seq: number;
  readonly sessionIds: ReadonlySet<string> | undefined;
  /** The last inbox input enqueued before the hold was put. */
  readonly inputsBefore: bigint;
  /** Ends the local clearing that honours the hold. */
  readonly end: () => void;
}

/**
 * The clearing holds this process honours ([CLR-2]): while one covers a session, its owner
 * takes none of its inputs from the inbox, so they wait and are served after the hold. Not
 * public API.
 */
export class HoldView {
  readonly #applied = new Map<string, AppliedHold>();
  /** Holds ended here lately, oldest first, at most `ENDED_KEPT`: a hold never comes back. */
  readonly #ended = new Set<string>();
  #applies = 0;

  /** Whether the hold is applied here already, or ended here. */
  knows(holdId: string): boolean {
    return this.#applied.has(holdId) || this.#ended.has(holdId);
  }

  apply(hold: SessionHold, end: () => void): void {
    const sessionIds = hold.sessionIds === undefined ? undefined : new Set(hold.sessionIds);
    this.#applies += 1;
    this.#applied.set(hold.id, {
      seq: this.#applies,
      sessionIds,
      inputsBefore: BigInt(hold.inputsBefore),
      end,
    });
  }

  /**
   * Ends the hold here, and remembers it ended so that a read of the holds in force taken
   * before it ended does not apply it again; returns `false` when it was not applied.
   */
  end(holdId: string): boolean {
    this.#ended.add(holdId);
    if (this.#ended.size > ENDED_KEPT) this.#ended.delete(this.#ended.values().next().value as string);
    const applied = this.#applied.get(holdId);
    if (applied === undefined) return false;
    this.#applied.delete(holdId);
    applied.end();
    return true;
  }

  /** How many holds were applied here so far: a mark for `ids`. */
  mark(): number {
    return this.#applies;
  }

  /** The ids of the holds applied here, all or (with a mark) those applied up to the mark. */
  ids(mark = Number.POSITIVE_INFINITY): string[] {
    const ids: string[] = [];
    for (const [holdId, { seq }] of this.#applied) if (seq <= mark) ids.push(holdId);
    return ids;
  }

  /** Whether an applied hold covers the session. */
  covers(sessionId: string): boolean {
    for (const { sessionIds } of this.#applied.values())
      if (sessionIds === undefined || sessionIds.has(sessionId)) return true;
    return false;
  }

  /**
   * The last inbox input a clearing may release for the session: the one before the oldest
   * applied hold covering it. Inputs enqueued after that arrived during a hold and wait for it
   * ([CLR-2]); a second clearing that begins meanwhile does not release them. `undefined` when
   * no applied hold covers the session.
   */
  releasableUpTo(sessionId: string): string | undefined {
    let upTo: bigint | undefined;
    for (const { sessionIds, inputsBefore } of this.#applied.values()) {
      if (sessionIds !== undefined && !sessionIds.has(sessionId)) continue;
      if (upTo === undefined || inputsBefore < upTo) upTo = inputsBefore;
    }
    return upTo === undefined ? undefined : upTo.toString();
  }

  /** Ends every applied hold (the process is closing). */
  endAll(): void {
    for (const holdId of this.ids()) this.end(holdId);
  }
}
