import type { ClusterHistory, HistoryAcquisition, HistoryTurn } from './cluster-history';

/** The invariants of sessions served across processes. */
export type ClusterInvariant =
  | 'settles'
  | 'exactly-once'
  | 'no-overlap'
  | 'enqueue-order'
  | 'fenced-writes'
  | 'failover-time';

export interface ClusterViolation {
  readonly invariant: ClusterInvariant;
  readonly detail: string;
}

export interface ClusterVerdict {
  readonly violations: readonly ClusterViolation[];
  /** How many times each invariant was checked. */
  readonly checked: Readonly<Record<ClusterInvariant, number>>;
}

/** Failover may take the lease's time to live plus this much. */
const FAILOVER_SLACK_MS = 1000;

/**
 * Checks a run against the rules of sessions across processes, knowing nothing of how the
 * processes did it: every call on a live process settles; each input runs in exactly one turn
 * or is released exactly once; no two turns of a session overlap in time; a session's turns
 * open in the order their opening inputs were enqueued; no write carries a token older than the
 * session's lease at that time; a dead process's busy sessions are taken over within the lease
 * time plus one second.
 */
export function checkClusterHistory(history: ClusterHistory): ClusterVerdict {
  const violations: ClusterViolation[] = [];
  const checked: Record<ClusterInvariant, number> = {
    settles: 0,
    'exactly-once': 0,
    'no-overlap': 0,
    'enqueue-order': 0,
    'fenced-writes': 0,
    'failover-time': 0,
  };
  const check = (invariant: ClusterInvariant, holds: boolean, detail: () => string) => {
    checked[invariant] += 1;
    if (!holds) violations.push({ invariant, detail: detail() });
  };
  const killedAt = new Map(history.processes.map((process) => [process.id, process.killedAt]));
  checkInputs(history, killedAt, check);
  checkTurns(history, killedAt, check);
  checkWrites(history, check);
  checkFailover(history, check);
  return { violations, checked };
}

type Check = (invariant: ClusterInvariant, holds: boolean, detail: () => string) => void;

function checkInputs(history: ClusterHistory, killedAt: Map<string, number | undefined>, check: Check) {
  const runs = new Map<string, number>();
  for (const turn of history.turns) for (const id of turn.inputIds) runs.set(id, (runs.get(id) ?? 0) + 1);
  for (const release of history.releases) runs.set(release.inputId, (runs.get(release.inputId) ?? 0) + 1);
  for (const input of history.inputs) {
    if (killedAt.get(input.process) === undefined) {
      check(
        'settles',
        input.settledAt !== undefined,
        () => `input ${input.id} on live ${input.process} never settled`,
      );
    }
    const times = runs.get(input.id) ?? 0;
    check('exactly-once', times === 1, () => `input ${input.id} ran in turns or was released ${times} times`);
  }
}

function checkTurns(history: ClusterHistory, killedAt: Map<string, number | undefined>, check: Check) {
  const orderOf = new Map(history.inputs.map((input) => [input.id, input.order]));
  const bySession = new Map<string, HistoryTurn[]>();
  for (const turn of history.turns)
    bySession.set(turn.sessionId, [...(bySession.get(turn.sessionId) ?? []), turn]);
  for (const [sessionId, turns] of bySession) {
    turns.sort((a, b) => a.startedAt - b.startedAt);
    for (let index = 1; index < turns.length; index += 1) {
      const [before, after] = [turns[index - 1] as HistoryTurn, turns[index] as HistoryTurn];
      const end = before.endedAt ?? killedAt.get(before.process) ?? Number.POSITIVE_INFINITY;
      check(
        'no-overlap',
        after.startedAt >= end,
        () =>
          `${sessionId}: turn ${after.turnId} (${after.process}) started at ${after.startedAt} before turn ${before.turnId} (${before.process}) ended at ${end}`,
      );
      const [first, second] = [orderOf.get(before.inputIds[0] ?? ''), orderOf.get(after.inputIds[0] ?? '')];
      check(
        'enqueue-order',
        first !== undefined && second !== undefined && first < second,
        () =>
          `${sessionId}: turn ${after.turnId} opened with input #${second} after turn ${before.turnId} opened with #${first}`,
      );
    }
  }
}

/** The token of the session's latest acquisition at `at`. */
function tokenAt(acquisitions: readonly HistoryAcquisition[], sessionId: string, at: number): number {
  let token = 0;
  for (const acquisition of acquisitions)
    if (acquisition.sessionId === sessionId && acquisition.at <= at)
      token = Math.max(token, acquisition.token);
  return token;
}

function checkWrites(history: ClusterHistory, check: Check) {
  for (const write of history.writes) {
    const current = tokenAt(history.acquisitions, write.sessionId, write.at);
    check(
      'fenced-writes',
      write.token === current,
      () =>
        `${write.sessionId}: a write at ${write.at} carried token ${write.token} while the lease was at ${current}`,
    );
  }
}

function checkFailover(history: ClusterHistory, check: Check) {
  for (const process of history.processes) {
    const killed = process.killedAt;
    if (killed === undefined) continue;
    for (const sessionId of sessionsHeldAt(history, process.id, killed)) {
      if (!busyAt(history, sessionId, killed)) continue;
      const next = history.acquisitions
        .filter((acquisition) => acquisition.sessionId === sessionId && acquisition.at > killed)
        .sort((a, b) => a.at - b.at)[0];
      const limit = killed + history.leaseTtlMs + FAILOVER_SLACK_MS;
      check(
        'failover-time',
        next !== undefined && next.at <= limit,
        () =>
          `${sessionId}: held by ${process.id}, killed at ${killed}, taken over ${next === undefined ? 'never' : `at ${next.at}`} (limit ${limit})`,
      );
    }
  }
}

/** Sessions whose latest acquisition before `at` was by `process`. */
function sessionsHeldAt(history: ClusterHistory, process: string, at: number): string[] {
  const latest = new Map<string, HistoryAcquisition>();
  for (const acquisition of history.acquisitions) {
    if (acquisition.at > at) continue;
    const known = latest.get(acquisition.sessionId);
    if (known === undefined || acquisition.token > known.token)
      latest.set(acquisition.sessionId, acquisition);
  }
  return [...latest.values()]
    .filter((acquisition) => acquisition.process === process)
    .map((a) => a.sessionId);
}

/** Whether the session had an input enqueued before `at` that had not run or been released by then. */
function busyAt(history: ClusterHistory, sessionId: string, at: number): boolean {
  const done = new Set(
    history.releases.filter((release) => release.at <= at).map((release) => release.inputId),
  );
  for (const turn of history.turns)
    if (turn.endedAt !== undefined && turn.endedAt <= at) for (const id of turn.inputIds) done.add(id);
  return history.inputs.some(
    (input) => input.sessionId === sessionId && input.enqueuedAt <= at && !done.has(input.id),
  );
}
