/** How many ended turn ids are remembered against late news of their opening. */
const ENDED_KEPT = 4096;

/** A running turn as the cluster knows it. */
interface KnownTurn {
  readonly turnId: string;
  /** The owner id of the process running it. */
  readonly owner: string;
}

/**
 * The running turn of every session as this process knows it ([ABT-7]): its own agent's, from
 * the turn hooks, and other processes', from their broadcasts — one notification behind the
 * process that runs it. `abort` of a session served elsewhere answers from it. Not public API.
 */
export class RunningTurns {
  readonly #bySession = new Map<string, KnownTurn>();
  /** Turns heard to end lately, oldest first, at most `ENDED_KEPT`. */
  readonly #ended = new Set<string>();

  /** A turn opened, unless it is already heard to have ended: news may arrive out of order. */
  opened(sessionId: string, turnId: string, owner: string): void {
    if (this.#ended.has(turnId)) return;
    this.#bySession.set(sessionId, { turnId, owner });
  }

  /** The turn ended; a later turn of the session that is already known stays. */
  ended(sessionId: string, turnId: string): void {
    if (this.#bySession.get(sessionId)?.turnId === turnId) this.#bySession.delete(sessionId);
    // Its opening may still be on its way (broadcasts travel on several connections): a turn
    // that ends at once, or one blocked at agent:turn:before, must not come back as running.
    this.#ended.add(turnId);
    if (this.#ended.size > ENDED_KEPT) this.#ended.delete(this.#ended.values().next().value as string);
  }

  /** The session has a new owner: a turn another process was running is over. */
  ownedBy(sessionId: string, owner: string): void {
    const known = this.#bySession.get(sessionId);
    if (known !== undefined && known.owner !== owner) this.#bySession.delete(sessionId);
  }

  /** The id of the session's running turn, if one is known. */
  turnOf(sessionId: string): string | undefined {
    return this.#bySession.get(sessionId)?.turnId;
  }
}
