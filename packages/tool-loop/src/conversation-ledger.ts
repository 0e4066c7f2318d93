import type { ChatMessage } from '@aalis/api-llm';
import {
  classifyMessageByRole,
  type MessageBucket,
  type TokenCounter,
  type TokenFigure,
} from '@aalis/token-budget';
import type { AbortRace } from './abort-race';

/** What a message was counted from, and its figure. */
interface CountedMessage {
  role: unknown;
  content: unknown;
  toolCalls: unknown;
  tokens: number;
  bucket: MessageBucket;
}

/**
 * The conversation of one turn — the history read at its start, then what the turn appends —
 * with each message's tokens counted once: the history when the turn's first model call is
 * prepared, every later message when the next call is ([USG-4], [USG-7]). Budgeting and each
 * call's `token:usage` read the running total and the per-bucket sums instead of counting the
 * whole conversation again for every call.
 *
 * A message a hook edits in place (its role, content or tool calls replaced, rather than the
 * message replaced in the payload's list) is counted again by the next `count`, so later
 * estimates see its new size ([USG-2]); an unchanged one costs three comparisons.
 */
export class ConversationLedger {
  /** The conversation, oldest first: history, then what the turn appended. */
  readonly messages: ChatMessage[] = [];
  readonly #counter: TokenCounter;
  readonly #counted: CountedMessage[] = [];
  #tokens = 0;
  readonly #buckets = new Map<MessageBucket, number>();

  constructor(counter: TokenCounter) {
    this.#counter = counter;
  }

  /** Appends messages; they are counted by the next `count`. */
  append(messages: readonly ChatMessage[]): void {
    for (const message of messages) this.messages.push(message);
  }

  /**
   * Counts the messages appended or edited since the last count, in slices that let other
   * sessions run ([LIV-3]); stops waiting when the turn aborts.
   */
  async count(waits: AbortRace): Promise<void> {
    const stale = this.#stale();
    if (stale.length === 0) return;
    await waits.race(this.#counter.countMessagesAsync(stale, { signal: waits.signal }));
    const { messages } = this;
    for (let index = 0; index < messages.length; index += 1) {
      const message = messages[index] as ChatMessage;
      const counted = this.#counted[index];
      if (counted !== undefined && sameFields(counted, message)) continue;
      // Every figure is remembered by the async count above: this is a lookup.
      const tokens = this.#counter.countMessage(message);
      const bucket = classifyMessageByRole(message);
      const entry = {
        role: message.role,
        content: message.content,
        toolCalls: message.toolCalls,
        tokens,
        bucket,
      };
      if (counted === undefined) this.#counted.push(entry);
      else {
        this.#add(counted.bucket, -counted.tokens);
        Object.assign(counted, entry);
      }
      this.#add(bucket, tokens);
    }
  }

  /** The messages appended or edited in place since the last count. */
  #stale(): ChatMessage[] {
    const stale: ChatMessage[] = [];
    const { messages } = this;
    for (let index = 0; index < messages.length; index += 1) {
      const counted = this.#counted[index];
      const message = messages[index] as ChatMessage;
      if (counted === undefined || !sameFields(counted, message)) stale.push(message);
    }
    return stale;
  }

  /** The tokens of the counted messages. */
  get tokens(): number {
    return this.#tokens;
  }

  /** The counted messages' tokens per bucket (by role: history, tool calls and results, system). */
  figures(): TokenFigure[] {
    return [...this.#buckets].map(([bucket, tokens]) => ({ bucket, tokens }));
  }

  #add(bucket: MessageBucket, tokens: number): void {
    this.#buckets.set(bucket, (this.#buckets.get(bucket) ?? 0) + tokens);
    this.#tokens += tokens;
  }
}

function sameFields(counted: CountedMessage, message: ChatMessage): boolean {
  return (
    counted.content === message.content &&
    counted.role === message.role &&
    counted.toolCalls === message.toolCalls
  );
}
