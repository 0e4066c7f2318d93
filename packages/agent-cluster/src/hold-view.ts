import type { SessionHold } from '@aalis/archive-postgres';

interface AppliedHold {
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

  /** Whether the hold is applied here already. */
  has(holdId: string): boolean {
    return this.#applied.has(holdId);
  }

  apply(hold: SessionHold, end: () => void): void {
    const sessionIds = hold.sessionIds === undefined ? undefined : new Set(hold.sessionIds);
    this.#applied.set(hold.id, { sessionIds, inputsBefore: BigInt(hold.inputsBefore), end });
  }

  /** Ends the hold here; returns `false` when it was not applied. */
  end(holdId: string): boolean {
    const applied = this.#applied.get(holdId);
    if (applied === undefined) return false;
    this.#applied.delete(holdId);
    applied.end();
    return true;
  }

  /** The ids of the holds applied here. */
  ids(): string[] {
    return [...this.#applied.keys()];
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
