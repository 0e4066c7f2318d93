import { buildTokenUsage, type TokenUsageFields, type TokenUsageInput } from './build-token-usage';
import type { ChatMessageLike } from './chat-message';

/** Options of `createTurnUsageTracker`. */
export interface TurnUsageTrackerOptions<Message> {
  /**
   * The session's active history count at turn start, the turn's opening inputs included and
   * messages beyond the count limit included [USG-5].
   */
  readonly historyMessagesAtStart: number;
  /** The turn's history count limit; 0 = none [USG-6]. */
  readonly historyLimit: number;
  /** Marks control messages (event markers), which are not counted [USG-5]. Default: none are. */
  readonly isControlMessage?: (message: Message) => boolean;
}

/** The per-call input of a tracked turn: the history figures come from the tracker. */
export type TrackedUsageInput<Message extends ChatMessageLike> = Omit<
  TokenUsageInput<Message>,
  'historyMessages' | 'historyLimit'
>;

/** Keeps the figures of one turn that carry over from call to call. */
export interface TurnUsageTracker<Message extends ChatMessageLike> {
  /** Whether any call of the turn so far was trimmed [USG-3]. */
  readonly trimmed: boolean;
  /** The history count so far [USG-5]. */
  readonly historyMessages: number;
  /** The turn's history count limit [USG-6]. */
  readonly historyLimit: number;
  /**
   * Counts messages appended to the history during the turn: tool calls, tool results, joined
   * inputs [USG-5]. Control messages are skipped. The final reply is not appended before the
   * last call's usage is built, so it is never counted.
   */
  append(messages: readonly Message[]): void;
  /** The usage figures of one model call of the turn, with `trimmed` sticky [USG-3]. */
  build(input: TrackedUsageInput<Message>): TokenUsageFields;
}

function count(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`createTurnUsageTracker: ${name} must be a non-negative integer`);
  }
  return value;
}

/**
 * A tracker for one turn: create it when the turn starts, `append` what the turn adds to the
 * history, and `build` the usage after every model call [USG-1]. Once a call was trimmed,
 * every later call of the turn reports `trimmed: true`, since later calls extend the list the
 * first trimmed call sent [USG-3].
 */
export function createTurnUsageTracker<Message extends ChatMessageLike>(
  options: TurnUsageTrackerOptions<Message>,
): TurnUsageTracker<Message> {
  let historyMessages = count('historyMessagesAtStart', options.historyMessagesAtStart);
  const historyLimit = count('historyLimit', options.historyLimit);
  const isControl = options.isControlMessage ?? (() => false);
  let trimmed = false;
  return {
    get trimmed() {
      return trimmed;
    },
    get historyMessages() {
      return historyMessages;
    },
    historyLimit,
    append(messages) {
      for (const message of messages) if (!isControl(message)) historyMessages += 1;
    },
    build(input) {
      const usage = buildTokenUsage({ ...input, historyMessages, historyLimit });
      trimmed ||= usage.trimmed;
      return { ...usage, trimmed };
    },
  };
}
