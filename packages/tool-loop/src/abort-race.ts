import { TurnAbortedError } from './turn-aborted-error';

function ignore(): void {}

/**
 * The waits of one turn against its signal. A turn waits on some forty steps (hooks, model
 * calls, tools, events, writes); racing each against one promise that rejects when the signal
 * aborts costs a promise and two reactions, where an abort listener per wait costs an
 * `addEventListener`/`removeEventListener` pair on the signal and a closure. One listener is
 * added at the first wait and removed by `dispose` when the turn ends, so a signal that
 * outlives the turn keeps nothing of it.
 */
export class AbortRace {
  readonly signal: AbortSignal;
  #aborted: Promise<never> | undefined;
  #onAbort: (() => void) | undefined;

  constructor(signal: AbortSignal) {
    this.signal = signal;
    this.#aborted = undefined;
    this.#onAbort = undefined;
  }

  /**
   * Waits for `work`, or rejects with `TurnAbortedError` as soon as the signal aborts,
   * whichever comes first ([ABT-1]). What `work` does after the abort is ignored.
   */
  race<T>(work: PromiseLike<T>): Promise<T> {
    if (this.signal.aborted) {
      Promise.resolve(work).then(ignore, ignore);
      return Promise.reject(new TurnAbortedError({ cause: this.signal.reason }));
    }
    // The race subscribes to `work`, so a rejection after the abort is not unhandled.
    return Promise.race([work, this.#abortedPromise()]);
  }

  /** Stops listening to the signal; later waits still see an abort that already happened. */
  dispose(): void {
    if (this.#onAbort !== undefined) this.signal.removeEventListener('abort', this.#onAbort);
    this.#onAbort = undefined;
  }

  #abortedPromise(): Promise<never> {
    if (this.#aborted !== undefined) return this.#aborted;
    const aborted = new Promise<never>((_resolve, reject) => {
      this.#onAbort = () => reject(new TurnAbortedError({ cause: this.signal.reason }));
      this.signal.addEventListener('abort', this.#onAbort, { once: true });
    });
    // Nobody may be waiting when the signal aborts.
    aborted.catch(ignore);
    this.#aborted = aborted;
    return aborted;
  }
}
