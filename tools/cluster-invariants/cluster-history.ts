/**
 * What a run of several agent processes on one set of sessions did, as the cluster test
 * records it from outside the implementation: inputs and their settlements, turns, releases,
 * archive writes with their fencing tokens, lease acquisitions and process deaths. Times are
 * milliseconds on one clock (the database server's where they come from it).
 */
export interface ClusterHistory {
  /** Every input whose enqueue committed. */
  readonly inputs: readonly HistoryInput[];
  readonly turns: readonly HistoryTurn[];
  /** Inputs released without a turn (abort with `queued`, clearing, deletion, a lost owner). */
  readonly releases: readonly { readonly inputId: string; readonly at: number }[];
  /** Archive writes of turns, with the token they carried. */
  readonly writes: readonly { readonly sessionId: string; readonly token: number; readonly at: number }[];
  readonly acquisitions: readonly HistoryAcquisition[];
  readonly processes: readonly HistoryProcess[];
  /** How long a lease lasts without renewal. */
  readonly leaseTtlMs: number;
}

export interface HistoryInput {
  readonly id: string;
  readonly sessionId: string;
  /** The process whose `handleMessage` took it. */
  readonly process: string;
  /** Its place in its session's enqueue (commit) order. */
  readonly order: number;
  /** When its enqueue committed. */
  readonly enqueuedAt: number;
  /** When that `handleMessage` settled; absent when it never did. */
  readonly settledAt?: number;
}

export interface HistoryTurn {
  readonly turnId: string;
  readonly sessionId: string;
  readonly process: string;
  readonly startedAt: number;
  /** Absent for a turn cut by its process's death. */
  readonly endedAt?: number;
  /** The input that opened it first, then those that joined it. */
  readonly inputIds: readonly string[];
}

export interface HistoryAcquisition {
  readonly sessionId: string;
  readonly process: string;
  readonly token: number;
  readonly at: number;
}

export interface HistoryProcess {
  readonly id: string;
  /** When it was SIGKILLed; absent for a process alive at the end. */
  readonly killedAt?: number;
}
