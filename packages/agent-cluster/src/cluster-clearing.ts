import type { AgentService } from '@aalis/api-agent';
import type { SessionHold, SessionHolds, SessionLease } from '@aalis/archive-postgres';
import type { ClusterMessage } from './cluster-message';
import { HoldView } from './hold-view';
import type { InboxPort } from './inbox-port';
import type { InputOutcome } from './input-outcome';

/** What {@link ClusterClearing} needs of the cluster agent. Not public API. */
export interface ClusterClearingOptions {
  readonly holds: Pick<SessionHolds, 'hold' | 'renew' | 'release' | 'active' | 'liveOwners'>;
  readonly inbox: Pick<InboxPort, 'settleQueued'>;
  readonly local: AgentService;
  /** This process's owner id. */
  readonly owner: string;
  readonly holdTtlMs: number;
  /** The lease of a session this process serves. */
  readonly leaseOf: (sessionId: string) => SessionLease | undefined;
  readonly servedSessions: () => string[];
  /** A hold ended: the sessions it covered may take their inputs again. */
  readonly onHoldEnded: () => void;
  readonly tell: (message: ClusterMessage) => void;
  readonly report: (error: unknown) => void;
  /** Gives an input the clearing released from the inbox its stream end ([OUT-3]). */
  readonly streamEnd: (sessionId: string) => void;
}

/**
 * Clearing across processes ([CLR-1], [CLR-2], [CLR-3]). The clearing process puts a hold row
 * on the sessions (or on all) and tells the cluster; every process applies it — its local agent
 * clears the covered sessions it serves (stops their turns, releases their queued inputs, also
 * those still in the inbox) and its owners take no covered input from the inbox — and
 * acknowledges once its turns settled. When every live owner of the sessions acknowledged, the
 * clearing process runs `clear`, then ends the hold; inputs that arrived meanwhile are served
 * after it. A holder that dies stops renewing its hold, and every process ends it at its
 * expiry. Not public API.
 */
export class ClusterClearing {
  readonly #options: ClusterClearingOptions;
  readonly #view = new HoldView();
  /** The acknowledgements of the holds this process put, by hold id. */
  readonly #acks = new Map<string, Set<string>>();

  constructor(options: ClusterClearingOptions) {
    this.#options = options;
  }

  /** Whether an applied hold covers the session. */
  covers(sessionId: string): boolean {
    return this.#view.covers(sessionId);
  }

  /** `clearing` of the cluster agent. */
  async clearing(
    sessionIds: readonly string[] | undefined,
    clear: () => Promise<unknown>,
    reason: string | undefined,
  ): Promise<void> {
    const { holds, owner, holdTtlMs } = this.#options;
    const ids = sessionIds === undefined ? undefined : [...new Set(sessionIds)];
    const hold = await holds.hold(ids, { holder: owner, ttlMs: holdTtlMs });
    const acks = new Set<string>();
    this.#acks.set(hold.id, acks);
    const renewal = setInterval(
      () => {
        holds.renew(hold.id, holdTtlMs).catch(this.#options.report);
      },
      Math.max(1, Math.floor(holdTtlMs / 3)),
    );
    renewal.unref();
    try {
      this.#options.tell({ kind: 'hold', holdId: hold.id });
      this.#apply(hold, reason);
      await this.#untilAcknowledged(hold, acks);
      await clear();
    } finally {
      clearInterval(renewal);
      this.#acks.delete(hold.id);
      this.#end(hold.id);
      await holds.release(hold.id).catch(this.#options.report);
      this.#options.tell({ kind: 'unhold', holdId: hold.id });
    }
  }

  /** A hold was put, acknowledged or ended somewhere in the cluster. */
  heard(message: Extract<ClusterMessage, { kind: 'hold' | 'held' | 'unhold' }>): void {
    if (message.kind === 'held') this.#acks.get(message.holdId)?.add(message.owner);
    else if (message.kind === 'unhold') this.#end(message.holdId);
    else if (!this.#view.knows(message.holdId)) this.reconcile().catch(this.#options.report);
  }

  /**
   * Applies the holds in force this process missed, and ends those no longer in force. The
   * read may be overtaken while it travels: a hold applied after it began is not in it and stays,
   * and a hold that ended here meanwhile is in it and is not applied again (`#apply`).
   */
  async reconcile(): Promise<void> {
    const mark = this.#view.mark();
    const active = await this.#options.holds.active();
    const inForce = new Set(active.map((hold) => hold.id));
    for (const holdId of this.#view.ids(mark)) if (!inForce.has(holdId)) this.#end(holdId);
    for (const hold of active) this.#apply(hold, undefined);
  }

  /** The process is closing: every local clearing it holds ends. */
  close(): void {
    this.#view.endAll();
  }

  #apply(hold: SessionHold, reason: string | undefined): void {
    if (this.#view.knows(hold.id)) return;
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.#view.apply(hold, end);
    const served = this.#options.servedSessions();
    const held = hold.sessionIds === undefined ? undefined : new Set(hold.sessionIds);
    const covered = held === undefined ? served : served.filter((id) => held.has(id));
    this.#releaseQueued(covered);
    const acknowledge = async () => {
      this.#acks.get(hold.id)?.add(this.#options.owner);
      this.#options.tell({ kind: 'held', holdId: hold.id, owner: this.#options.owner });
      await ended;
    };
    this.#options.local
      .clearing(hold.sessionIds === undefined ? undefined : covered, acknowledge, reason)
      .catch(this.#options.report);
  }

  /**
   * Inputs still queued in the inbox for the covered sessions are released like the local queue
   * — those enqueued before the oldest hold of the session was put; later ones arrived during a
   * hold (this one, or an earlier one still in force) and wait.
   */
  #releaseQueued(sessionIds: readonly string[]): void {
    const released: InputOutcome = { status: 'released', reason: 'cleared' };
    for (const sessionId of sessionIds) {
      const lease = this.#options.leaseOf(sessionId);
      const upTo = this.#view.releasableUpTo(sessionId);
      if (lease !== undefined && upTo !== undefined)
        this.#options.inbox
          .settleQueued(lease, released, { upTo })
          .then((ids) => {
            for (const _ of ids) this.#options.streamEnd(sessionId);
          })
          .catch(this.#options.report);
    }
  }

  #end(holdId: string): void {
    if (this.#view.end(holdId)) this.#options.onHoldEnded();
  }

  /** Waits until every process with a live lease of the held sessions acknowledged the hold. */
  async #untilAcknowledged(hold: SessionHold, acks: ReadonlySet<string>): Promise<void> {
    for (let pauseMs = 2; ; pauseMs = Math.min(pauseMs * 2, 50)) {
      const owners = await this.#options.holds.liveOwners(hold.sessionIds);
      if (owners.every((owner) => acks.has(owner))) return;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
