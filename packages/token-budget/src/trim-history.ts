import type { ChatMessageLike } from './chat-message';
import { groupMessages, type MessageGroup } from './message-groups';

/** Options of `trimHistory`. */
export interface TrimHistoryOptions<Message extends ChatMessageLike> {
  /**
   * The conversation, oldest first: everything that counts against the history allowance,
   * current inputs and this turn's tool calls included. The system prompt is not part of it.
   */
  readonly history: readonly Message[];
  /** Most tokens the kept history may take (see `planTokenBudget`). */
  readonly allowance: number;
  /** Counts one message (a `TokenCounter` fits). */
  readonly counter: { countMessage(message: NoInfer<Message>): number };
  /** How many messages at the end are never dropped (the current inputs). Default 0. */
  readonly protectedTail?: number;
  /** Marks other messages that are never dropped (for example, the current inputs by identity). */
  readonly isProtected?: (message: Message, index: number) => boolean;
  /** Never drop the latest tool-call group. Default true [USG-9]. */
  readonly protectLatestToolCallGroup?: boolean;
  /**
   * Dropping goes in steps of this many tokens: the excess over the allowance is rounded up to
   * a multiple of it, so the kept prefix stays the same while the history grows within a step.
   * Default: a tenth of the allowance (at least 1).
   */
  readonly chunkTokens?: number;
}

/** What `trimHistory` kept and dropped. */
export interface TrimHistoryResult<Message extends ChatMessageLike> {
  /** The kept messages, in their original order. */
  readonly kept: Message[];
  /** The dropped messages, oldest first. */
  readonly dropped: Message[];
  /** Whether anything was dropped. */
  readonly trimmed: boolean;
  /** Tokens of the whole history before trimming. */
  readonly historyTokens: number;
  /** Tokens of the kept messages. */
  readonly keptTokens: number;
  /** Tokens of the dropped messages. */
  readonly droppedTokens: number;
  /** Whether the kept messages fit the allowance (false only when protected ones alone exceed it). */
  readonly withinAllowance: boolean;
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`trimHistory: ${name} must be a non-negative integer`);
  }
  return value;
}

interface GroupFacts {
  readonly groups: readonly MessageGroup[];
  readonly protectedGroups: readonly boolean[];
}

function protectedGroupsOf<Message extends ChatMessageLike>(
  options: TrimHistoryOptions<Message>,
): GroupFacts {
  const { history, isProtected } = options;
  const tailStart = history.length - nonNegativeInteger('protectedTail', options.protectedTail ?? 0);
  const groups = groupMessages(history);
  let latestToolCallGroup = -1;
  const protectedGroups = groups.map((group, groupIndex) => {
    if (group.toolCalls) latestToolCallGroup = groupIndex;
    if (group.end > tailStart) return true;
    if (isProtected === undefined) return false;
    for (let index = group.start; index < group.end; index += 1) {
      if (isProtected(history[index]!, index)) return true;
    }
    return false;
  });
  if (options.protectLatestToolCallGroup !== false && latestToolCallGroup >= 0) {
    protectedGroups[latestToolCallGroup] = true;
  }
  return { groups, protectedGroups };
}

function untrimmed<Message extends ChatMessageLike>(
  history: readonly Message[],
  historyTokens: number,
  allowance: number,
): TrimHistoryResult<Message> {
  return {
    kept: history.slice(),
    dropped: [],
    trimmed: false,
    historyTokens,
    keptTokens: historyTokens,
    droppedTokens: 0,
    withinAllowance: historyTokens <= allowance,
  };
}

/**
 * Hard trimming [USG-9]: when the history takes more than its allowance, drops the oldest
 * message groups (an assistant message with tool calls goes with its tool results) in
 * token-sized steps until the rest fits. It trims whenever the history exceeds its own
 * allowance, whatever room the rest of the request leaves. Protected messages (the
 * `protectedTail`, those `isProtected` marks, the latest tool-call group) are never dropped,
 * nor is any group holding one. The kept history fits the allowance whenever the protected
 * part does. Runs in time linear in the history length (plus counting new messages).
 */
export function trimHistory<Message extends ChatMessageLike>(
  options: TrimHistoryOptions<Message>,
): TrimHistoryResult<Message> {
  const { history, counter } = options;
  const allowance = nonNegativeInteger('allowance', options.allowance);
  const chunkTokens = nonNegativeInteger('chunkTokens', options.chunkTokens ?? Math.ceil(allowance / 10));
  const tokens = history.map((message) => counter.countMessage(message));
  let historyTokens = 0;
  for (const count of tokens) historyTokens += count;
  if (historyTokens <= allowance) return untrimmed(history, historyTokens, allowance);

  const { groups, protectedGroups } = protectedGroupsOf(options);
  const step = Math.max(1, chunkTokens);
  const target = Math.ceil((historyTokens - allowance) / step) * step;
  const kept: Message[] = [];
  const dropped: Message[] = [];
  let droppedTokens = 0;
  groups.forEach((group, groupIndex) => {
    const drop = droppedTokens < target && protectedGroups[groupIndex] !== true;
    for (let index = group.start; index < group.end; index += 1) {
      if (drop) droppedTokens += tokens[index]!;
      (drop ? dropped : kept).push(history[index]!);
    }
  });
  const keptTokens = historyTokens - droppedTokens;
  return {
    kept,
    dropped,
    trimmed: dropped.length > 0,
    historyTokens,
    keptTokens,
    droppedTokens,
    withinAllowance: keptTokens <= allowance,
  };
}
