import type { AgentService } from '@aalis/api-agent';
import type { InboxInput, SessionLease } from '@aalis/archive-postgres';
import type { InboxPort } from './inbox-port';
import { failedOutcome, type InputOutcome } from './input-outcome';
import { isStale, readRoutedInput } from './routed-input';

/** How often a settlement is tried before it is given up (and reported). */
const SETTLE_ATTEMPTS = 6;

/** What a {@link SessionServer} needs. Not public API. */
export interface SessionServerOptions {
  readonly lease: SessionLease;
  readonly inbox: InboxPort;
  readonly local: AgentService;
  /** The session's current generation in this process ([DEL-2]). */
  readonly generationOf: ((sessionId: string) => number | undefined) | undefined;
  /** Failures no caller can be told of (a settlement that could not be written). */
  readonly report: (error: unknown) => void;
  /** Closes the session's cut turns before it is served ([DUR-1]); rejections are reported. */
  readonly recover: ((sessionId: string) => Promise<unknown>) | undefined;
  /** Whether a clearing hold covers the session now: its inputs wait in the inbox ([CLR-2]). */
  readonly isHeld: () => boolean;
  /** Called when the server has nothing taken and nothing to take. */
  readonly onIdle: () => void;
  /** Gives an input released here, not handed to the local agent, its stream end ([OUT-3]). */
  readonly streamEnd: (sessionId: string) => void;
}

/**
 * Serves one session while this process holds its lease ([DUR-3]): takes its inputs from the
 * inbox in enqueue order and hands each to the local agent in that order, so the local
 * scheduler queues, joins (SCH-2/3) and opens turns exactly as for inputs that arrived here;
 * settles each input in the inbox once the local agent settled it ([SVC-2]). Not public API.
 */
export class SessionServer {
  readonly #options: SessionServerOptions;
  #pumping = false;
  #again = false;
  #inFlight = 0;
  /** The outcomes of the inputs handed to the local agent and not settled there yet. */
  readonly #outcomes = new Set<Promise<InputOutcome>>();
  #stopped = false;
  #started = false;

  constructor(options: SessionServerOptions) {
    this.#options = options;
  }

  /** Whether nothing is taken and not settled, and no take is under way. */
  get idle(): boolean {
    return this.#inFlight === 0 && !this.#pumping;
  }

  /**
   * Starts serving: first settles as released what an earlier owner took and never settled (it
   * died or lost the session: the input runs in no second turn), closes the turns its crash
   * cut, then takes what is queued; inputs queued before that wait for it.
   */
  async start(): Promise<void> {
    const { inbox, lease } = this.#options;
    const released: InputOutcome = { status: 'released', reason: 'owner-lost' };
    try {
      await inbox.settleAbandoned(lease, released);
      await this.#options.recover?.(lease.sessionId).catch(this.#options.report);
    } finally {
      this.#started = true;
    }
    this.wake();
  }

  /**
   * New inputs may be queued, or a hold ended: takes them (once more if a take is under way).
   * Under a hold it takes nothing; the end of the hold wakes it again.
   */
  wake(): void {
    // Until `start` has settled the earlier owner's inputs and closed its cut turns, an input
    // queued meanwhile waits: the local agent must not open a turn beside that closing ([DUR-1]).
    if (this.#stopped || !this.#started || this.#options.isHeld()) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = true;
    this.#pump()
      .catch((error: unknown) => {
        if (!this.#stopped) this.#options.report(error);
      })
      .finally(() => {
        this.#pumping = false;
        this.#checkIdle();
      });
  }

  /**
   * Resolves once every input handed to the local agent so far has settled there: its turn
   * ended, or the local agent released or dropped it.
   */
  async settled(): Promise<void> {
    await Promise.all(this.#outcomes);
  }

  /** Stops taking inputs; inputs handed to the local agent settle on their own. */
  stop(): void {
    this.#stopped = true;
  }

  async #pump(): Promise<void> {
    do {
      this.#again = false;
      const inputs = await this.#options.inbox.take(this.#options.lease);
      if (this.#stopped) {
        // Stopped while the take ran: what it took goes back for the next owner, in its place.
        await this.#options.inbox.untake(
          this.#options.lease,
          inputs.map((input) => input.id),
        );
        return;
      }
      for (const input of inputs) this.#serve(input);
      if (inputs.length > 0) this.#again = true;
    } while (this.#again && !this.#stopped && !this.#options.isHeld());
  }

  #serve(input: InboxInput): void {
    this.#inFlight += 1;
    const outcome = this.#outcomeOf(input);
    this.#outcomes.add(outcome);
    outcome
      .finally(() => this.#outcomes.delete(outcome))
      .then((settled) => this.#settle(input.id, settled))
      .catch((error: unknown) => {
        // A lost lease refuses the settlement: the next owner releases the input instead.
        if (this.#options.lease.held) this.#options.report(error);
      })
      .finally(() => {
        this.#inFlight -= 1;
        this.#checkIdle();
      });
  }

  /**
   * Writes the input's outcome, trying again (after 50 ms, doubling, six tries) while the lease
   * is held: a settlement lost to a passing database failure would leave its caller waiting
   * until the session changed owner.
   */
  async #settle(inputId: string, outcome: InputOutcome): Promise<void> {
    for (let attempt = 1, pauseMs = 50; ; attempt += 1, pauseMs *= 2) {
      try {
        await this.#options.inbox.settle(this.#options.lease, inputId, outcome);
        return;
      } catch (error) {
        if (!this.#options.lease.held || attempt === SETTLE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  /** Hands the input to the local agent (in the order of the calls) and waits until it settled. */
  #outcomeOf(input: InboxInput): Promise<InputOutcome> {
    let routed: ReturnType<typeof readRoutedInput>;
    try {
      routed = readRoutedInput(input.payload);
    } catch (error) {
      return Promise.resolve(failedOutcome(error));
    }
    // The session was deleted after the input arrived: it belongs to no turn [DEL-2].
    if (isStale(routed, this.#options.generationOf?.(input.sessionId))) {
      this.#options.streamEnd(input.sessionId);
      return Promise.resolve({ status: 'released', reason: 'deleted' });
    }
    return this.#options.local
      .handleMessage(routed.message)
      .then((): InputOutcome => ({ status: 'settled' }), failedOutcome);
  }

  #checkIdle(): void {
    if (!this.#stopped && this.idle) this.#options.onIdle();
  }
}
