/**
 * The waiting list of one session [SCH-8]: its queued and pending-insertion inputs (handed
 * to the scheduler, not yet in a turn, not released), in enqueue order. Emitted whenever
 * that list changes: on enqueue, when inputs enter a turn, when inputs are released. An
 * input that opens a turn at once never waits, so it causes no event.
 */
export interface QueueEvent<TInput> {
  readonly sessionId: string;
  readonly waiting: readonly TInput[];
}
