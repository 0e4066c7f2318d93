import type { AgentAbortOptions } from '@aalis/api-agent';

/**
 * What the processes of a cluster tell each other by broadcast ([DUR-3]): a turn opened or
 * ended on its owner, a session taken by a new owner or released by its owner, a command to stop a session's turn, a
 * clearing hold put (its sessions are read from the table: a notification holds under 8,000
 * bytes), acknowledged by a process, ended. Not durable: each is news or a command for the
 * moment; holds are also found by every process's scan. Not public API.
 */
export type ClusterMessage =
  | {
      readonly kind: 'turn';
      readonly sessionId: string;
      readonly turnId: string;
      readonly open: boolean;
      readonly owner: string;
    }
  | { readonly kind: 'owner'; readonly sessionId: string; readonly owner: string }
  | { readonly kind: 'released'; readonly sessionId: string; readonly owner: string }
  | {
      readonly kind: 'abort';
      readonly sessionId: string;
      readonly options: AgentAbortOptions;
      /** The process that asked; absent in a command of an older version. */
      readonly from?: string;
    }
  | { readonly kind: 'hold'; readonly holdId: string }
  | { readonly kind: 'held'; readonly holdId: string; readonly owner: string }
  | { readonly kind: 'unhold'; readonly holdId: string };

/** How much of an abort's `reason` travels to the owner: a notification holds under 8,000 bytes. */
const REASON_CHARS = 1000;

/** The abort command for `sessionId` from the process `from`, its reason cut to what a notification carries. */
export function abortMessage(
  sessionId: string,
  options: AgentAbortOptions | undefined,
  from: string,
): ClusterMessage {
  const reason = options?.reason;
  const carried =
    reason === undefined || reason.length <= REASON_CHARS ? reason : reason.slice(0, REASON_CHARS);
  return {
    kind: 'abort',
    sessionId,
    options: { ...options, ...(carried === undefined ? {} : { reason: carried }) },
    from,
  };
}

/** Reads a broadcast (from another process: checked, not trusted); `undefined` if it is none of ours. */
export function readClusterMessage(value: unknown): ClusterMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  if (typeof message.holdId === 'string') return readHoldMessage(message, message.holdId);
  if (typeof message.sessionId !== 'string') return undefined;
  const sessionId = message.sessionId;
  if (message.kind === 'turn' && typeof message.turnId === 'string' && typeof message.owner === 'string')
    return {
      kind: 'turn',
      sessionId,
      turnId: message.turnId,
      open: message.open === true,
      owner: message.owner,
    };
  if ((message.kind === 'owner' || message.kind === 'released') && typeof message.owner === 'string')
    return { kind: message.kind, sessionId, owner: message.owner };
  if (message.kind === 'abort' && typeof message.options === 'object' && message.options !== null)
    return {
      kind: 'abort',
      sessionId,
      options: readAbortOptions(message.options as Record<string, unknown>),
      ...(typeof message.from === 'string' ? { from: message.from } : {}),
    };
  return undefined;
}

function readHoldMessage(message: Record<string, unknown>, holdId: string): ClusterMessage | undefined {
  if (message.kind === 'unhold') return { kind: 'unhold', holdId };
  if (message.kind === 'held' && typeof message.owner === 'string')
    return { kind: 'held', holdId, owner: message.owner };
  return message.kind === 'hold' ? { kind: 'hold', holdId } : undefined;
}

function readAbortOptions(options: Record<string, unknown>): AgentAbortOptions {
  return {
    ...(typeof options.turnId === 'string' ? { turnId: options.turnId } : {}),
    ...(options.queued === true ? { queued: true } : {}),
    ...(typeof options.reason === 'string' ? { reason: options.reason } : {}),
    ...(typeof options.by === 'object' && options.by !== null
      ? { by: options.by as NonNullable<AgentAbortOptions['by']> }
      : {}),
  };
}
