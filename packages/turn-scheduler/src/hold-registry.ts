/** One hold: the sessions it covers, or `undefined` for every session. */
export type Hold = readonly string[] | undefined;

/**
 * The holds for clearing in force. A session is held while any hold covers it [CLR-7];
 * a hold over every session also covers sessions not seen yet [CLR-3]. Counters drop to
 * nothing when the holds end, so no session leaves a trace.
 */
export class HoldRegistry {
  private everything = 0;
  private readonly counts = new Map<string, number>();
  private active = 0;

  add(sessionIds: readonly string[] | undefined): Hold {
    this.active++;
    if (sessionIds === undefined) {
      this.everything++;
      return undefined;
    }
    const unique = [...new Set(sessionIds)];
    for (const id of unique) this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    return unique;
  }

  remove(hold: Hold): void {
    this.active--;
    if (hold === undefined) {
      this.everything--;
      return;
    }
    for (const id of hold) {
      const count = this.counts.get(id)! - 1;
      if (count === 0) this.counts.delete(id);
      else this.counts.set(id, count);
    }
  }

  covers(sessionId: string): boolean {
    return this.everything > 0 || (this.counts.size > 0 && this.counts.has(sessionId));
  }

  get size(): number {
    return this.active;
  }
}
