import type { AgentService, OutboundStreamEvent } from '@aalis/api-agent';
import type { HooksService } from '@aalis/api-hooks';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { SessionHolds, SessionInbox, SessionLeases } from '@aalis/archive-postgres';

/** Options of {@link createClusterAgent}. */
export interface ClusterAgentOptions {
  /**
   * This process's agent (plugin-agent, or any conformant `AgentService`): it serves the
   * sessions this process holds the lease of, with every rule of the contract.
   */
  readonly local: AgentService;
  /** The inbox every process of the cluster enqueues into (one schema, one database). */
  readonly inbox: SessionInbox;
  /** This process's leases on the same schema; its `owner` names the process. */
  readonly leases: SessionLeases;
  /** The clearing holds on the same schema ([CLR-2]). */
  readonly holds: SessionHolds;
  /**
   * The sessions' generations as this process sees them ([DEL-2]), usually the
   * `PostgresSessionManager`: an input is stamped with its session's generation when it
   * arrives and dropped by the owner if the session was deleted before its turn.
   */
  readonly sessions?: { generationOf(sessionId: string): number | undefined };
  /**
   * The hooks of the local agent's host. With them the cluster learns which turn runs where
   * (`agent:turn:before`/`after`), so that `abort` of a session another process serves answers
   * whether a turn was running there ([ABT-7]) — as of the last news from that process.
   * Without them such an `abort` still reaches the owner but answers `false`.
   */
  readonly hooks?: Pick<HooksService, 'middleware'>;
  /**
   * The archive the local agent writes to (the leased store). With it, a process that takes a
   * session over first closes the turns an earlier owner's crash cut, as aborted ([DUR-1]) —
   * every time it takes the session, since the earlier owner may have cut a turn after this
   * process last served the session (plugin-agent itself closes cut turns only the first time
   * it touches a session).
   */
  readonly archive?: MessageArchiveService;
  /**
   * The local agent's host events. With them, every input the cluster itself releases from the
   * inbox — by `abort` with `queued`, by a clearing, or because its session was deleted before
   * its turn — gets its stream end marker ([OUT-3]) on the process that released it, as the
   * local agent gives one to each input it releases.
   */
  readonly events?: { emit(name: 'outbound:stream', payload: OutboundStreamEvent): unknown };
  /**
   * How often the process looks for sessions with queued inputs and no live owner (an owner
   * died or lost the database) and takes them over. Default `500`.
   */
  readonly scanEveryMs?: number;
  /**
   * How long a served session stays leased once it has nothing to do, so that a conversation's
   * next message finds its owner at once. Default `2000`; `0` releases at once.
   */
  readonly idleReleaseMs?: number;
  /**
   * How long a clearing hold lasts without renewal: the process clearing renews it every third
   * of it, so a hold outlives its holder by at most this. Default `10000`.
   */
  readonly holdTtlMs?: number;
  /** Failures that no caller can be told of (a scan, a settlement that could not be written). */
  readonly onError?: (error: unknown) => void;
}

/** The options, checked and completed. Misuse is a `TypeError`. Not public API. */
export function clusterTiming(options: ClusterAgentOptions): {
  scanEveryMs: number;
  idleReleaseMs: number;
  holdTtlMs: number;
} {
  const scanEveryMs = options.scanEveryMs ?? 500;
  const idleReleaseMs = options.idleReleaseMs ?? 2000;
  const holdTtlMs = options.holdTtlMs ?? 10_000;
  if (!Number.isSafeInteger(holdTtlMs) || holdTtlMs < 3 || holdTtlMs > 2_147_483_647)
    throw new TypeError(`holdTtlMs must be a whole number from 3 to 2147483647, got ${String(holdTtlMs)}`);
  if (!Number.isSafeInteger(scanEveryMs) || scanEveryMs < 1)
    throw new TypeError(`scanEveryMs must be a whole number >= 1, got ${String(scanEveryMs)}`);
  if (!Number.isSafeInteger(idleReleaseMs) || idleReleaseMs < 0)
    throw new TypeError(`idleReleaseMs must be a whole number >= 0, got ${String(idleReleaseMs)}`);
  return { scanEveryMs, idleReleaseMs, holdTtlMs };
}
