import { EntryState, type InputEntry } from './input-entry';
import type { SubmitOutcome } from './submit-outcome';

/**
 * Settles inputs exactly once [SVC-2] and counts the submits still open, so drain can wait
 * for the count to reach zero [DRN-1].
 */
export class SettleTracker {
  /** Submitted inputs whose promise has not settled yet. */
  unsettled = 0;
  private waiters: (() => void)[] | undefined = undefined;

  submitted(): void {
    this.unsettled++;
  }

  /** Resolves the input's submit promise, unless it was settled already. */
  settle<TInput>(entry: InputEntry<TInput>, outcome: SubmitOutcome): void {
    if (entry.state === EntryState.settled) return;
    entry.state = EntryState.settled;
    entry.resolve(outcome);
    if (--this.unsettled === 0 && this.waiters !== undefined) {
      const waiters = this.waiters;
      this.waiters = undefined;
      for (const wake of waiters) wake();
    }
  }

  /** Resolves once every submitted input settled. */
  whenAllSettled(): Promise<void> {
    if (this.unsettled === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      if (this.waiters === undefined) this.waiters = [resolve];
      else this.waiters.push(resolve);
    });
  }
}
