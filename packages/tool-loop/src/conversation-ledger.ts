import type { ChatMessage } from '@aalis/api-llm';
import {
  classifyMessageByRole,
  type MessageBucket,
  type TokenCounter,
  type TokenFigure,
} from '@aalis/token-budget';
import type { AbortRace } from './abort-race';

/**
 * The conversation of one turn — the history read at its start, then what the turn appends —
 * with each message's tokens counted once: the history when the turn's first model call is
 * prepared, every later message when the next call is ([USG-4], [USG-7]). Budgeting and each
 * call's `token:usage` read the running total and the per-bucket sums instead of counting the
 * whole conversation again for every call.
 *
 * Messages are counted as they are when counted: one a hook edits in place afterwards (rather
 * than replacing it in the payload's list) keeps its first figure for the rest of the turn.
 */
export class ConversationLedger {
  /** The conversation, oldest first: history, then what the turn appended. */
  readonly messages: ChatMessage[] = [];
  readonly #counter: TokenCounter;
  #counted = 0;
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
   * Counts the messages appended since the last count, in slices that let other sessions run
   * ([LIV-3]); stops waiting when the turn aborts.
   */
  async count(waits: AbortRace): Promise<void> {
    if (this.#counted === this.messages.length) return;
    const fresh = this.messages.slice(this.#counted);
    await waits.race(this.#counter.countMessagesAsync(fresh, { signal: waits.signal }));
    for (const message of fresh) {
      // Every figure is remembered by the async count above: these are lookups.
      const tokens = this.#counter.countMessage(message);
      const bucket = classifyMessageByRole(message);
      this.#buckets.set(bucket, (this.#buckets.get(bucket) ?? 0) + tokens);
      this.#tokens += tokens;
    }
    this.#counted += fresh.length;
  }

  /** The tokens of the counted messages. */
  get tokens(): number {
    return this.#tokens;
  }

  /** The counted messages' tokens per bucket (by role: history, tool calls and results, system). */
  figures(): TokenFigure[] {
    return [...this.#buckets].map(([bucket, tokens]) => ({ bucket, tokens }));
  }
}
