/**
 * The statements a pool user sent and that are not answered yet, so that its `close` can let
 * them finish before it ends the pool: an ended pool never serves a statement still waiting for
 * a connection, which then fails only when its connection timeout ran out. Not public API.
 */
export class InFlightStatements {
  readonly #sent = new Set<Promise<unknown>>();

  /** Tracks `sent` until it settles; returns it. */
  track<T>(sent: Promise<T>): Promise<T> {
    this.#sent.add(sent);
    const answered = () => this.#sent.delete(sent);
    sent.then(answered, answered);
    return sent;
  }

  /** Resolves once every statement tracked so far settled. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.#sent);
  }
}
