import { LeaseLostError } from './lease-lost-error';
import type { SessionLease } from './session-lease';

/** Options of {@link HeldSessionLease}. */
export interface HeldSessionLeaseOptions {
  readonly sessionId: string;
  readonly owner: string;
  readonly token: number;
  readonly expiresAt: Date;
  /** The local deadline (`performance.now()` time) by which a renewal must succeed. */
  readonly deadline: number;
  /** Called once the lease is lost or released, to forget it. */
  readonly onEnd: (lease: HeldSessionLease) => void;
}

/**
 * A lease this process holds: its fields, its signal, and its local deadline. The deadline is
 * counted on this process's monotonic clock from the moment the acquiring or renewing
 * statement was sent, plus the time to live: the server counted the same time to live from a
 * later moment (when the statement ran), so the local deadline passes no later than the
 * server's expiry, whatever the two wall clocks say. Past it, the lease is lost locally
 * (`kind: 'expired'`) before any other process can take it over. Not public API.
 */
export class HeldSessionLease implements SessionLease {
  readonly sessionId: string;
  readonly owner: string;
  readonly token: number;
  readonly #controller = new AbortController();
  readonly #onEnd: (lease: HeldSessionLease) => void;
  #expiresAt: Date;
  #deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  #deadline = 0;
  /** The last renewal's failure, reported as the cause of an expiry. */
  lastFailure: unknown;

  constructor(options: HeldSessionLeaseOptions) {
    this.sessionId = options.sessionId;
    this.owner = options.owner;
    this.token = options.token;
    this.#expiresAt = options.expiresAt;
    this.#onEnd = options.onEnd;
    this.#armDeadline(options.deadline);
  }

  get expiresAt(): Date {
    return this.#expiresAt;
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * Whether the lease is still held. Past its local deadline it is not, even when the deadline's
   * timer has not fired yet (a blocked event loop runs timers late): the lease is lost then.
   */
  get held(): boolean {
    if (!this.#controller.signal.aborted && performance.now() >= this.#deadline) this.#expire();
    return !this.#controller.signal.aborted;
  }

  /** A renewal succeeded: the server's new expiry and the new local deadline. */
  extend(expiresAt: Date, deadline: number): void {
    if (this.#controller.signal.aborted) return;
    this.#expiresAt = expiresAt;
    this.lastFailure = undefined;
    this.#armDeadline(deadline);
  }

  /** The lease is lost: aborts the signal with `error`. */
  lose(error: LeaseLostError): void {
    this.#end(error);
  }

  /** The lease was released by this process: aborts the signal with an `AbortError`. */
  released(): void {
    this.#end(new DOMException(`the lease of session ${this.sessionId} was released`, 'AbortError'));
  }

  #end(reason: unknown): void {
    if (this.#controller.signal.aborted) return;
    clearTimeout(this.#deadlineTimer);
    this.#controller.abort(reason);
    this.#onEnd(this);
  }

  #armDeadline(deadline: number): void {
    clearTimeout(this.#deadlineTimer);
    this.#deadline = deadline;
    this.#deadlineTimer = setTimeout(() => this.#expire(), Math.max(0, deadline - performance.now()));
    this.#deadlineTimer.unref?.();
  }

  #expire(): void {
    this.lose(
      new LeaseLostError({
        sessionId: this.sessionId,
        token: this.token,
        kind: 'expired',
        cause: this.lastFailure,
      }),
    );
  }
}
