/** What the admission model reads from the property test's world. */
export interface AdmissionView {
  /** The limit, `Infinity` without one. */
  readonly limit: number;
  /** The sessions the test uses. */
  readonly sessionIds: readonly string[];
  isReady(sessionId: string): boolean;
  /** Whether the input at the head of the session's queue was submitted with `nested`. */
  headIsNested(sessionId: string): boolean;
  /** Turns whose body has not settled (abandoned ones aside), and how many opened without `nested`. */
  openTurns(): { readonly all: number; readonly slotted: number };
}

/**
 * The property test's model of admission [LIV-4]. A session is *ready* when its next turn
 * could open but for a slot: inputs wait in its queue, no turn of it is open, it is not
 * held, no release batch of it is being delivered, and drain has not begun. At every rest
 * point (after each command) the model ranks the ready sessions by the rest point at which
 * they were first seen ready; sessions becoming ready between two rest points share the
 * next rank. Then:
 * - a turn opened without `nested` finds fewer than `limit` turns open before it;
 * - a turn never opens for a session while a session of an older rank is still ready
 *   (oldest first; a session's own new readiness does not let it jump the line);
 * - at rest, no slot stays free while a session is ready, no ready session has a nested
 *   input at the head of its queue (those open without a slot), and the scheduler's
 *   counters match the model.
 */
export class AdmissionModel {
  private readonly ranks = new Map<string, number>();
  private restPoints = 0;

  constructor(private readonly view: AdmissionView) {}

  /** Checks a turn as it opens; returns what is wrong, if anything. */
  checkOpening(sessionId: string, nested: boolean): string[] {
    const own = this.ranks.get(sessionId) ?? Number.POSITIVE_INFINITY;
    // The session's wait ended: if it is ready again later, it queues anew.
    this.ranks.delete(sessionId);
    if (nested) return [];
    const problems: string[] = [];
    const { all } = this.view.openTurns();
    if (all >= this.view.limit)
      problems.push(`turn in ${sessionId} opened with ${all} open, limit ${this.view.limit}`);
    for (const [other, rank] of this.ranks) {
      if (other !== sessionId && rank < own && this.view.isReady(other)) {
        problems.push(`turn in ${sessionId} opened while ${other}, ready earlier, still waits for a slot`);
      }
    }
    return problems;
  }

  /** Ranks the ready sessions at a rest point and checks the counters; returns what is wrong. */
  atRest(stats: { readonly runningTurns: number; readonly waitingForSlot: number }): string[] {
    this.restPoints++;
    const ready = this.view.sessionIds.filter((sessionId) => this.view.isReady(sessionId));
    for (const sessionId of this.view.sessionIds) {
      if (!ready.includes(sessionId)) this.ranks.delete(sessionId);
      else if (!this.ranks.has(sessionId)) this.ranks.set(sessionId, this.restPoints);
    }
    const { all, slotted } = this.view.openTurns();
    const problems: string[] = [];
    if (ready.length > 0 && all < this.view.limit) {
      problems.push(`[${ready}] wait for a slot while only ${all} of ${this.view.limit} turns run`);
    }
    const nestedWaiting = ready.filter((sessionId) => this.view.headIsNested(sessionId));
    if (nestedWaiting.length > 0) problems.push(`nested inputs wait for a slot in [${nestedWaiting}]`);
    if (slotted > this.view.limit) problems.push(`${slotted} turns run on slots, limit ${this.view.limit}`);
    if (stats.runningTurns !== all)
      problems.push(`stats say ${stats.runningTurns} running turns, model ${all}`);
    if (stats.waitingForSlot !== ready.length) {
      problems.push(`stats say ${stats.waitingForSlot} waiting for a slot, model [${ready}]`);
    }
    return problems;
  }
}
