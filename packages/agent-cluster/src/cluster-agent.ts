import { setMaxListeners } from 'node:events';
import type { AgentAbortOptions, AgentService } from '@aalis/api-agent';
import type { ModelRef } from '@aalis/api-llm';
import { createTurnPersistence, type TurnPersistence } from '@aalis/archive-adapter';
import { LeaseHeldError, type SessionLease, type SessionLeases } from '@aalis/archive-postgres';
import { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';
import { type ClusterAgentOptions, clusterTiming } from './cluster-agent-options';
import { ClusterClearing } from './cluster-clearing';
import { ClusterInputError } from './cluster-input-error';
import { abortMessage, type ClusterMessage, readClusterMessage } from './cluster-message';
import type { InboxPort } from './inbox-port';
import { readOutcome } from './input-outcome';
import { releaseQueuedInputs } from './release-queued-inputs';
import { routedPayload } from './routed-input';
import { RunningTurns } from './running-turns';
import { SessionServer } from './session-server';
import { streamEndOn } from './stream-end';

/**
 * The `agent` service of one process of a cluster ([DUR-3]): every process may receive any
 * session's message; each session is served by the one process that holds its lease, whose
 * local agent keeps every rule of the contract for it. See `createClusterAgent`.
 */
export class ClusterAgent implements AgentService {
  readonly #local: AgentService;
  readonly #inbox: InboxPort;
  readonly #leases: SessionLeases;
  readonly #generationOf: ((sessionId: string) => number | undefined) | undefined;
  readonly #report: (error: unknown) => void;
  readonly #timing: { scanEveryMs: number; idleReleaseMs: number; holdTtlMs: number };
  readonly #clearing: ClusterClearing;
  readonly #servers = new Map<string, { server: SessionServer; lease: SessionLease }>();
  readonly #claiming = new Set<string>();
  readonly #idleTimers = new Map<string, NodeJS.Timeout>();
  readonly #closing = new AbortController();
  readonly #turns = new RunningTurns();
  /** The last news of who serves each session: a receiver leaves a served session to its owner. */
  readonly #owners = new Map<string, string>();
  readonly #hooks: ClusterAgentOptions['hooks'];
  readonly #persistence: TurnPersistence | undefined;
  readonly #recover: ((sessionId: string) => Promise<unknown>) | undefined;
  readonly #streamEnd: (sessionId: string) => void;
  readonly #disposers: (() => void)[] = [];
  /** Each session's last inbox enqueue or take of this process, so the next one waits for it ([SCH-5], [ABT-3]). */
  readonly #enqueues = new Map<string, Promise<unknown>>();
  #scanTimer: NodeJS.Timeout | undefined;

  constructor(options: ClusterAgentOptions) {
    this.#timing = clusterTiming(options);
    // Every waiting handleMessage listens on it: thousands may wait at once.
    setMaxListeners(0, this.#closing.signal);
    this.#local = options.local;
    this.#inbox = options.inbox;
    this.#leases = options.leases;
    this.#hooks = options.hooks;
    const persistence =
      options.archive === undefined ? undefined : createTurnPersistence({ archive: options.archive });
    this.#persistence = persistence;
    // A turn this process's agent still runs is not cut, whatever its lease did meanwhile ([DUR-1]).
    this.#recover =
      persistence === undefined
        ? undefined
        : (sessionId) =>
            persistence.recoverCutTurns(sessionId, {
              isRunning: (turnId) => this.#turns.turnOf(sessionId) === turnId,
            });
    const sessions = options.sessions;
    this.#generationOf = sessions === undefined ? undefined : (id) => sessions.generationOf(id);
    const onError = options.onError ?? (() => undefined);
    this.#report = (error) => {
      try {
        onError(error);
      } catch {
        // An error report must not become a failure of its own.
      }
    };
    this.#streamEnd = streamEndOn(options.events, this.#report);
    this.#clearing = new ClusterClearing({
      holds: options.holds,
      inbox: options.inbox,
      local: options.local,
      owner: options.leases.owner,
      holdTtlMs: this.#timing.holdTtlMs,
      leaseOf: (sessionId) => this.#servers.get(sessionId)?.lease,
      servedSessions: () => this.servedSessions(),
      onHoldEnded: () => {
        for (const { server } of this.#servers.values()) server.wake();
      },
      tell: (message) => this.#tell(message),
      // A clearing that ends after the process closed cannot release its hold (its pool may be
      // gone): the hold ends at its expiry, as a dead holder's does. Nothing to report then.
      report: (error) => {
        if (!this.#closing.signal.aborted) this.#report(error);
      },
      streamEnd: this.#streamEnd,
    });
  }

  /**
   * Starts listening for queued inputs and for the other processes' news and commands, follows
   * the local agent's turns when `hooks` were given, and starts scanning for sessions without a
   * live owner.
   */
  start(): void {
    this.#disposers.push(
      this.#inbox.onQueued((sessionId) => this.#servers.get(sessionId)?.server.wake()),
      this.#inbox.onBroadcast((message) => this.#heard(readClusterMessage(message))),
    );
    this.#followLocalTurns();
    this.#scanTimer = setInterval(() => this.#scan(), this.#timing.scanEveryMs);
    this.#scanTimer.unref();
    this.#scan();
  }

  /**
   * Validates the input here (an invalid one rejects with `MessageValidationError` and nothing
   * is enqueued, [SVC-3]), enqueues it durably with its session's generation, and resolves
   * once the owner settled it ([SVC-2]) — as `handleMessage` of one agent does. When no live
   * process serves the session, this one takes its lease and serves it.
   */
  async handleMessage(raw: IncomingMessage): Promise<void> {
    const message = parseIncomingMessage(raw);
    const sessionId = message.sessionId;
    const generation = this.#generationOf?.(sessionId);
    const inputId = await this.#enqueueInOrder(sessionId, routedPayload({ message, generation }));
    const served = this.#servers.get(sessionId);
    if (served !== undefined) served.server.wake();
    else void this.#claimUnlessServed(sessionId);
    const outcome = readOutcome(await this.#inbox.outcome(inputId, { signal: this.#closing.signal }));
    if (outcome.status === 'failed')
      throw new ClusterInputError({ sessionId, remoteName: outcome.name, message: outcome.message });
  }

  /**
   * Stops the session's running turn ([ABT-1]) with the options' turn-id guard, `queued`,
   * `reason` and `by`. On the process that serves the session this is its local agent's
   * `abort`, and `queued` also releases what still waits in the inbox. On any other process the
   * command goes to the owner by broadcast, and the answer ([ABT-7]) is whether the owner's
   * last news was a running turn that the guard matches: a turn opened a moment ago may not be
   * known yet.
   */
  abort(sessionId: string, options?: AgentAbortOptions): boolean {
    if (this.#servers.has(sessionId)) return this.#abortServed(sessionId, options);
    this.#inbox.broadcast(abortMessage(sessionId, options, this.#leases.owner)).catch(this.#report);
    // No process serves the session (its owner died, the takeover has not come yet): the inputs
    // waiting in the inbox are released here, under the session's lease, before anything runs.
    // With a turn id nothing runs that it could match: nothing happens [ABT-2].
    // This process's later enqueues of the session wait for the release: it releases only what
    // was handed over before the abort ([ABT-3]).
    if (options?.queued === true && options.turnId === undefined && !this.#owners.has(sessionId))
      void this.#inOrder(sessionId, () => this.#claimToRelease(sessionId));
    const running = this.#turns.turnOf(sessionId);
    return running !== undefined && (options?.turnId === undefined || options.turnId === running);
  }

  /**
   * Clears history safely across the cluster ([CLR-1], [CLR-3]): puts a hold on the sessions
   * (`undefined`: every session) that every process honours — each stops the turns of the held
   * sessions it serves and releases their queued inputs, in its agent and in the inbox — waits
   * until every process serving them acknowledged with its turns settled, runs `clear` here,
   * then ends the hold. Inputs that arrive meanwhile, on any process, wait and are served after
   * it ([CLR-2]). If this process dies, the hold ends at its expiry (`holdTtlMs`).
   */
  clearing(
    sessionIds: readonly string[] | undefined,
    clear: () => Promise<unknown>,
    reason?: string,
  ): Promise<void> {
    return this.#clearing.clearing(sessionIds, clear, reason);
  }

  /** Writes the session's model into its settings, which every process shares ([SET-1]). */
  assignModel(sessionId: string, model: ModelRef): Promise<void> {
    return this.#local.assignModel(sessionId, model);
  }

  /**
   * The id of the session's running turn as this process knows it: from its own agent, or from
   * the owner's last news (needs `hooks` on the owner). `undefined` when none is known.
   */
  knownTurnOf(sessionId: string): string | undefined {
    return this.#turns.turnOf(sessionId);
  }

  /** The sessions this process serves right now. */
  servedSessions(): string[] {
    return [...this.#servers.keys()];
  }

  /**
   * Stops taking sessions and releases the leases of idle ones; waiting `handleMessage` calls
   * of this process reject. Close the local agent, the inbox and the leases after it.
   */
  async close(): Promise<void> {
    this.#closing.abort(new Error('the cluster agent is closed'));
    for (const dispose of this.#disposers.splice(0)) dispose();
    this.#clearing.close();
    clearInterval(this.#scanTimer);
    for (const timer of this.#idleTimers.values()) clearTimeout(timer);
    this.#idleTimers.clear();
    const served = [...this.#servers.values()];
    this.#servers.clear();
    for (const { server } of served) server.stop();
    await Promise.allSettled(
      served.filter(({ server }) => server.idle).map(({ lease }) => this.#leases.release(lease)),
    );
  }

  /**
   * Enqueues after this process's earlier enqueue of the session settled: two enqueues in flight
   * at once take their places in the order their transactions commit, which need not be the
   * order of the `handleMessage` calls ([SCH-5]: turns run in the order inputs were enqueued).
   */
  #enqueueInOrder(sessionId: string, payload: unknown): Promise<string> {
    return this.#inOrder(sessionId, () => this.#inbox.enqueue(sessionId, payload));
  }

  /**
   * Runs `work` on the inbox after this process's earlier enqueues and takes of the session and
   * before its later ones: the inbox then sees them in the order they were asked for.
   */
  #inOrder<TValue>(sessionId: string, work: () => Promise<TValue>): Promise<TValue> {
    const previous = this.#enqueues.get(sessionId);
    const done = previous === undefined ? work() : previous.then(work, work);
    this.#enqueues.set(sessionId, done);
    const forget = () => {
      if (this.#enqueues.get(sessionId) === done) this.#enqueues.delete(sessionId);
    };
    done.then(forget, forget);
    return done;
  }

  /**
   * Takes the lease of a session no process serves and releases its queued inputs first
   * ([ABT-3]); resolves once they are released or the claim gave up, not when serving ends.
   */
  #claimToRelease(sessionId: string): Promise<void> {
    return new Promise<void>((released) => {
      const release = (lease: SessionLease) =>
        this.#releaseQueued(lease, Promise.resolve(), false).finally(released);
      void this.#claim(sessionId, release).finally(released);
    });
  }

  /**
   * Takes the session's lease unless a live process holds it, runs `first` under it (before
   * anything is taken), and serves the session.
   */
  async #claim(sessionId: string, first?: (lease: SessionLease) => Promise<unknown>): Promise<void> {
    if (this.#closing.signal.aborted || this.#servers.has(sessionId) || this.#claiming.has(sessionId)) return;
    this.#claiming.add(sessionId);
    let lease: SessionLease;
    try {
      lease = await this.#leases.acquire(sessionId, { signal: this.#closing.signal });
    } catch (error) {
      if (!LeaseHeldError.isInstance(error) && !this.#closing.signal.aborted) this.#report(error);
      return;
    } finally {
      this.#claiming.delete(sessionId);
    }
    await first?.(lease).catch(this.#report);
    const server = new SessionServer({
      lease,
      inbox: this.#inbox,
      local: this.#local,
      generationOf: this.#generationOf,
      report: this.#report,
      isHeld: () => this.#clearing.covers(sessionId),
      recover: this.#recover,
      onIdle: () => this.#scheduleRelease(sessionId),
      streamEnd: this.#streamEnd,
    });
    this.#servers.set(sessionId, { server, lease });
    this.#tell({ kind: 'owner', sessionId, owner: this.#leases.owner });
    lease.signal.addEventListener('abort', () => this.#lost(sessionId, lease), { once: true });
    await server.start().catch((error: unknown) => {
      if (lease.held) this.#report(error);
    });
  }

  /**
   * Takes the session unless a live process holds its lease — asked with a plain read, because
   * a failed acquisition locks the lease row and would wait for the owner's fenced writes. An
   * owner that releases the lease after the read finds this input pending and takes the session
   * again; if it died, the scan takes the session over once its lease ran out.
   */
  async #claimUnlessServed(sessionId: string): Promise<void> {
    try {
      if (await this.#leases.isHeld(sessionId)) return;
    } catch (error) {
      if (!this.#closing.signal.aborted) this.#report(error);
      return;
    }
    await this.#claim(sessionId);
  }

  /** The lease ended without a release of ours: another process serves the session now. */
  #lost(sessionId: string, lease: SessionLease): void {
    const served = this.#servers.get(sessionId);
    if (served === undefined || served.lease !== lease) return;
    this.#servers.delete(sessionId);
    served.server.stop();
    clearTimeout(this.#idleTimers.get(sessionId));
    this.#idleTimers.delete(sessionId);
    if (this.#owners.get(sessionId) === this.#leases.owner) this.#owners.delete(sessionId);
    // Its turn and what the local agent still queues stop; the next owner releases their inputs.
    this.#local.abort(sessionId, { queued: true, reason: 'lease lost' });
  }

  #scheduleRelease(sessionId: string): void {
    clearTimeout(this.#idleTimers.get(sessionId));
    const timer = setTimeout(() => {
      this.#idleTimers.delete(sessionId);
      void this.#release(sessionId);
    }, this.#timing.idleReleaseMs);
    timer.unref();
    this.#idleTimers.set(sessionId, timer);
  }

  /**
   * Releases an idle session's lease, then looks again: an input enqueued while the lease was
   * held but after the last take found its enqueuer refused, so this process claims it again.
   */
  async #release(sessionId: string): Promise<void> {
    const served = this.#servers.get(sessionId);
    if (served === undefined || !served.server.idle) return;
    this.#servers.delete(sessionId);
    served.server.stop();
    try {
      await this.#leases.release(served.lease);
      this.#tell({ kind: 'released', sessionId, owner: this.#leases.owner });
      if (await this.#inbox.isPending(sessionId)) await this.#claim(sessionId);
    } catch (error) {
      if (!this.#closing.signal.aborted) this.#report(error);
    }
  }

  /**
   * The local agent's abort; with `queued`, what still waits in the inbox is released too, once
   * the stopped turn settled — unless the turn-id guard did not match, when nothing at all
   * happens ([ABT-2]).
   */
  #abortServed(sessionId: string, options: AgentAbortOptions | undefined): boolean {
    const stopped = this.#local.abort(sessionId, options);
    const served = this.#servers.get(sessionId);
    if (served !== undefined && options?.queued === true && (options.turnId === undefined || stopped))
      this.#releaseQueued(served.lease, served.server.settled()).catch(this.#report);
    return stopped;
  }

  /**
   * Releases the inputs queued in the inbox for the lease's session ([ABT-3]) after `turnSettled`.
   * Inputs held by a clearing stay: they are served after it ([CLR-2]), and archiving them now
   * would put them where `clear()` may erase them.
   */
  async #releaseQueued(lease: SessionLease, turnSettled: Promise<unknown>, ordered = true): Promise<void> {
    if (this.#clearing.covers(lease.sessionId)) return;
    await releaseQueuedInputs({
      inbox: this.#inbox,
      lease,
      // Only what was handed over before the abort is released by it ([ABT-3]); `ordered` is
      // false when the caller already runs in order with the session's enqueues.
      ...(ordered ? { take: () => this.#inOrder(lease.sessionId, () => this.#inbox.take(lease)) } : {}),
      turnSettled,
      persistence: this.#persistence,
      generationOf: this.#generationOf,
      streamEnd: this.#streamEnd,
      report: this.#report,
    });
  }

  /** News and commands of the processes of the cluster (this one's own included). */
  #heard(message: ClusterMessage | undefined): void {
    if (message === undefined) return;
    if (message.kind === 'hold' || message.kind === 'held' || message.kind === 'unhold') {
      this.#clearing.heard(message);
    } else if (message.kind === 'abort') {
      // This process's own command, heard back: it did what it could when it was asked, and
      // a session it serves by now holds inputs handed over after the abort ([ABT-3]).
      if (message.from === this.#leases.owner) return;
      if (this.#servers.has(message.sessionId)) this.#abortServed(message.sessionId, message.options);
    } else if (message.kind === 'owner') {
      this.#owners.set(message.sessionId, message.owner);
      this.#turns.ownedBy(message.sessionId, message.owner);
    } else if (message.kind === 'released') {
      if (this.#owners.get(message.sessionId) === message.owner) this.#owners.delete(message.sessionId);
    } else if (message.owner === this.#leases.owner) {
      // This process's own turn news, heard back: it applied them when the turn opened and
      // ended, and an echo of the opening heard after the end would mark the turn running again.
    } else if (message.open) {
      this.#turns.opened(message.sessionId, message.turnId, message.owner);
    } else {
      this.#turns.ended(message.sessionId, message.turnId);
    }
  }

  #tell(message: ClusterMessage): void {
    this.#inbox.broadcast(message).catch((error: unknown) => {
      if (!this.#closing.signal.aborted) this.#report(error);
    });
  }

  /** Tells the cluster when a turn of the local agent opens and ends. */
  #followLocalTurns(): void {
    const hooks = this.#hooks;
    if (hooks === undefined) return;
    const owner = this.#leases.owner;
    const news = (sessionId: string, turnId: string, open: boolean) => {
      if (open) this.#turns.opened(sessionId, turnId, owner);
      else this.#turns.ended(sessionId, turnId);
      this.#tell({ kind: 'turn', sessionId, turnId, open, owner });
    };
    this.#disposers.push(
      hooks.middleware('agent:turn:before', async (payload, next) => {
        news(payload.sessionId, payload.turnId, true);
        try {
          await next();
        } finally {
          // A turn blocked further in (a middleware that did not call `next`) never reaches
          // agent:turn:after: it ends here, or it would stay "running" on every process ([ABT-7]).
          if (this.#turns.turnOf(payload.sessionId) === payload.turnId)
            news(payload.sessionId, payload.turnId, false);
        }
      }),
      hooks.middleware('agent:turn:after', (payload, next) => {
        news(payload.sessionId, payload.turnId, false);
        return next();
      }),
    );
  }

  #scan(): void {
    if (this.#closing.signal.aborted) return;
    this.#clearing.reconcile().catch((error: unknown) => {
      if (!this.#closing.signal.aborted) this.#report(error);
    });
    this.#inbox.unservedSessions().then(
      (sessionIds) => {
        for (const sessionId of sessionIds) void this.#claim(sessionId);
      },
      (error: unknown) => {
        if (!this.#closing.signal.aborted) this.#report(error);
      },
    );
  }
}

/**
 * Creates the `agent` service of one process of a cluster and starts it: provide it as
 * `agent` in place of the local agent, which it wraps. Any process may receive any session's
 * message; the inputs of a session reach the one process that holds its lease, in the order
 * they were enqueued, and every caller's `handleMessage` settles when its input settled.
 */
export function createClusterAgent(options: ClusterAgentOptions): ClusterAgent {
  const agent = new ClusterAgent(options);
  agent.start();
  return agent;
}
