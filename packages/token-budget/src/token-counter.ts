import type { ChatMessageLike } from './chat-message';
import { type CounterSettings, resolveCounterSettings } from './counter-settings';
import {
  type AsyncCountOptions,
  checkAsyncCountOptions,
  EventLoopSlicer,
  runInSlices,
} from './event-loop-slicer';
import { messageCountParts } from './message-count-parts';
import { MessageMemory } from './message-memory';
import type { ModelTable } from './model-table';
import { isQuickToCount } from './quick-to-count';
import { TextCountCache } from './text-count-cache';
import { slicedTextPlan, type TextCountPlan, wholeTextPlan } from './text-count-plan';
import { countTextAtOnce, countTextInSteps } from './text-count-steps';
import { encodingPrimitivesFor, type TokenEncodingName } from './token-encoding';
import { toolCountParts } from './tool-count-parts';
import type { ToolDefinitionLike } from './tool-definition';

/** Options of `createTokenCounter`. Every figure is a non-negative integer. */
export interface TokenCounterOptions {
  /** The encoding to count with. Wins over `model`. Default: the model's, else `o200k_base`. */
  readonly encoding?: TokenEncodingName;
  /** A model name whose encoding to use (looked up in `modelTable`). */
  readonly model?: string;
  /** The table `model` is looked up in. Default: the built-in table. */
  readonly modelTable?: ModelTable;
  /**
   * Cost of an image part at high or auto detail that gives no `width` and `height`. Default 765
   * (a 1024×1024 image at high detail). Low detail costs 85 and an image of known size its
   * tiles, by OpenAI's rule, whatever this says.
   */
  readonly imageTokens?: number;
  /** Framing tokens per message. Default 3 (OpenAI cookbook, GPT-4 and later). */
  readonly messageOverhead?: number;
  /** Extra tokens when a message has a `name`. Default 1 (OpenAI cookbook). */
  readonly nameOverhead?: number;
  /** Tokens priming the reply, added once per request. Default 3 (OpenAI cookbook). */
  readonly replyPriming?: number;
  /** Most texts the text cache remembers. Default 8192. */
  readonly textCacheEntries?: number;
  /** Most characters the text cache holds, summed over its texts. Default 4,000,000. */
  readonly textCacheCharacters?: number;
}

/** Cache activity of a counter since it was created or last cleared. */
export interface TokenCounterStats {
  /** Messages whose figure was reused. */
  readonly messageHits: number;
  /** Messages that were counted. */
  readonly messageMisses: number;
  /** Texts whose figure was reused. */
  readonly textHits: number;
  /** Texts that went through the tokenizer. */
  readonly textMisses: number;
  /** Texts remembered now. */
  readonly cachedTexts: number;
  /** Characters remembered now. */
  readonly cachedCharacters: number;
}

/** A request as sent to a chat model: its messages and, optionally, its tool definitions. */
export interface ChatRequestLike {
  readonly messages: readonly ChatMessageLike[];
  readonly tools?: readonly ToolDefinitionLike[];
}

/**
 * Counts tokens of texts, chat messages and tool definitions with one encoding.
 *
 * Plain text counts exactly as the reference tokenizer (`tiktoken`) does, with special-token
 * strings counted as ordinary text, in time linear in its length: a piece of the encoding's split
 * pattern longer than 256 UTF-16 code units (a long run of letters, CJK, punctuation, emoji or
 * whitespace without a break) is counted in windows, within 1% of the exact count (README,
 * "Long runs"). A message costs, per OpenAI's cookbook ("How to count tokens
 * with tiktoken", GPT-4 and later): `messageOverhead` + the tokens of every string field (role,
 * content, name, tool call id) + `nameOverhead` when named. OpenAI documents no rule for tool
 * calls; they count as the compact JSON of their Chat Completions wire shape. Image parts cost
 * what OpenAI's vision guide says (85 at low detail; 85 + 170 per 512-pixel tile of the scaled
 * image when the part gives its size; `imageTokens` otherwise). A list adds `replyPriming` once.
 * Tool definitions count as the cookbook's `num_tokens_for_tools` counts them.
 *
 * Figures are remembered per message object (a `WeakMap`, so it never outlives the messages)
 * and per text (a bounded least-recently-used cache), so re-counting a history that only grew
 * costs only the new messages.
 */
export interface TokenCounter {
  /** The encoding this counter counts with. */
  readonly encoding: TokenEncodingName;
  /** Tokens of a plain text. */
  countText(text: string): number;
  /** Tokens of one message, framing included, reply priming excluded. */
  countMessage(message: ChatMessageLike): number;
  /** Tokens of a message list: its messages plus the reply priming. */
  countMessages(messages: readonly ChatMessageLike[]): number;
  /**
   * `countText` without blocking the event loop: the same figure, counted in slices of about
   * `sliceMs` (default 10 ms) of synchronous work with a `setImmediate` between them, even inside
   * one long text. Rejects with the signal's reason once aborted (checked before each slice), with
   * `TypeError` for a non-string text or a bad `sliceMs`. A remembered or small text resolves at
   * once, without yielding. The figure is remembered as `countText` remembers it.
   */
  countTextAsync(text: string, options?: AsyncCountOptions): Promise<number>;
  /**
   * `countMessage` without blocking the event loop (see `countTextAsync`). The figure is
   * remembered for the message object, so a later `countMessage` of it is a cache hit.
   */
  countMessageAsync(message: ChatMessageLike, options?: AsyncCountOptions): Promise<number>;
  /**
   * `countMessages` without blocking the event loop (see `countTextAsync`): call it on a request's
   * messages before the model call, then use the synchronous methods, which find every figure
   * remembered. Messages already counted cost a lookup and never yield.
   */
  countMessagesAsync(messages: readonly ChatMessageLike[], options?: AsyncCountOptions): Promise<number>;
  /**
   * Tokens of a list of tool definitions (0 for none), by `num_tokens_for_tools` of OpenAI's
   * cookbook: its figures for GPT-4o and later with `o200k_base`, for GPT-4 and GPT-3.5 with
   * `cl100k_base`. A definition's figure is remembered per definition object.
   */
  countTools(tools: readonly ToolDefinitionLike[]): number;
  /** Estimated prompt tokens of a whole request: messages, reply priming and tools. */
  estimateRequest(request: ChatRequestLike): number;
  /** Cache activity so far. */
  stats(): TokenCounterStats;
  /** Forgets every remembered figure. */
  clearCache(): void;
}

type CountSteps = Generator<undefined, number, undefined>;

class CachingTokenCounter implements TokenCounter {
  readonly encoding: TokenEncodingName;
  readonly #settings: CounterSettings;
  readonly #wholeText: TextCountPlan;
  readonly #slicedText: TextCountPlan;
  readonly #texts: TextCountCache;
  #messages = new MessageMemory();
  #tools = new WeakMap<object, number>();
  #stats = { messageHits: 0, messageMisses: 0, textHits: 0, textMisses: 0 };

  constructor(settings: CounterSettings) {
    this.encoding = settings.encoding;
    this.#settings = settings;
    const primitives = encodingPrimitivesFor(settings.encoding);
    this.#wholeText = wholeTextPlan(primitives);
    this.#slicedText = slicedTextPlan(primitives);
    this.#texts = new TextCountCache({
      maxEntries: settings.textCacheEntries,
      maxCharacters: settings.textCacheCharacters,
    });
    // Methods are handed around (`messages.map(counter.countMessage)`), so bind them once.
    this.countText = this.countText.bind(this);
    this.countMessage = this.countMessage.bind(this);
    this.countMessages = this.countMessages.bind(this);
    this.countTextAsync = this.countTextAsync.bind(this);
    this.countMessageAsync = this.countMessageAsync.bind(this);
    this.countMessagesAsync = this.countMessagesAsync.bind(this);
    this.countTools = this.countTools.bind(this);
    this.estimateRequest = this.estimateRequest.bind(this);
  }

  countText(text: string): number {
    return this.#knownText(text) ?? this.#rememberText(text, countTextAtOnce(text, this.#wholeText));
  }

  countMessage(message: ChatMessageLike): number {
    const known = this.#knownMessage(message);
    if (known !== undefined) return known;
    const parts = messageCountParts(message, this.#settings);
    let tokens = parts.fixedTokens;
    for (const text of parts.texts) tokens += this.countText(text);
    return this.#messages.set(message, tokens);
  }

  countMessages(messages: readonly ChatMessageLike[]): number {
    let tokens = this.#settings.replyPriming;
    for (const message of messages) tokens += this.countMessage(message);
    return tokens;
  }

  countTextAsync(text: string, options?: AsyncCountOptions): Promise<number> {
    return this.#countInSlices(() => this.#textSteps(text), options);
  }

  countMessageAsync(message: ChatMessageLike, options?: AsyncCountOptions): Promise<number> {
    return this.#countInSlices(() => this.#messageSteps(message), options);
  }

  countMessagesAsync(messages: readonly ChatMessageLike[], options?: AsyncCountOptions): Promise<number> {
    try {
      checkAsyncCountOptions(options);
    } catch (error) {
      return Promise.reject(error);
    }
    // The common case, every message remembered or short, costs a lookup each and no step machinery.
    let tokens = this.#settings.replyPriming;
    for (let index = 0; index < messages.length; index += 1) {
      const message = messages[index] as ChatMessageLike;
      const known = this.#messages.get(message);
      if (known !== undefined) {
        this.#stats.messageHits += 1;
        tokens += known;
      } else if (isQuickToCount(message)) {
        tokens += this.countMessage(message);
      } else {
        const counted = tokens;
        return this.#countInSlices(() => this.#messagesSteps(messages, index, counted), options);
      }
    }
    return Promise.resolve(tokens);
  }

  countTools(tools: readonly ToolDefinitionLike[]): number {
    if (tools.length === 0) return 0;
    let tokens = this.#settings.toolFigures.listEnd;
    for (const tool of tools) tokens += this.#countTool(tool);
    return tokens;
  }

  estimateRequest(request: ChatRequestLike): number {
    return this.countMessages(request.messages) + this.countTools(request.tools ?? []);
  }

  stats(): TokenCounterStats {
    return { ...this.#stats, cachedTexts: this.#texts.size, cachedCharacters: this.#texts.characters };
  }

  clearCache(): void {
    this.#texts.clear();
    this.#messages = new MessageMemory();
    this.#tools = new WeakMap();
    this.#stats = { messageHits: 0, messageMisses: 0, textHits: 0, textMisses: 0 };
  }

  /** The remembered figure of a text (0 for the empty text), or `undefined` after a miss. */
  #knownText(text: string): number | undefined {
    if (typeof text !== 'string') throw new TypeError('countText: text must be a string');
    if (text.length === 0) return 0;
    const known = this.#texts.get(text);
    if (known !== undefined) this.#stats.textHits += 1;
    else this.#stats.textMisses += 1;
    return known;
  }

  #rememberText(text: string, tokens: number): number {
    this.#texts.set(text, tokens);
    return tokens;
  }

  /** The remembered figure of a message whose fields are unchanged, or `undefined` after a miss. */
  #knownMessage(message: ChatMessageLike): number | undefined {
    if (typeof message !== 'object' || message === null) {
      throw new TypeError('countMessage: message must be an object');
    }
    const known = this.#messages.get(message);
    if (known !== undefined) this.#stats.messageHits += 1;
    else this.#stats.messageMisses += 1;
    return known;
  }

  #countInSlices(steps: () => CountSteps, options: AsyncCountOptions | undefined): Promise<number> {
    try {
      const slicer = new EventLoopSlicer(options);
      return Promise.resolve(runInSlices(steps(), slicer));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  *#textSteps(text: string): CountSteps {
    const known = this.#knownText(text);
    if (known !== undefined) return known;
    const tokens = this.#rememberText(text, yield* countTextInSteps(text, this.#slicedText));
    // A fresh count is a step of its own, so many short texts still give the event loop turns.
    yield;
    return tokens;
  }

  *#messageSteps(message: ChatMessageLike): CountSteps {
    const known = this.#knownMessage(message);
    if (known !== undefined) return known;
    const parts = messageCountParts(message, this.#settings);
    let tokens = parts.fixedTokens;
    for (const text of parts.texts) tokens += yield* this.#textSteps(text);
    return this.#messages.set(message, tokens);
  }

  /** Counts `messages` from `start` on, adding to the `counted` figure of those before it. */
  *#messagesSteps(messages: readonly ChatMessageLike[], start: number, counted: number): CountSteps {
    let tokens = counted;
    for (let index = start; index < messages.length; index += 1) {
      tokens += yield* this.#messageSteps(messages[index] as ChatMessageLike);
    }
    return tokens;
  }

  #countTool(tool: ToolDefinitionLike): number {
    const known = this.#tools.get(tool);
    if (known !== undefined) return known;
    const parts = toolCountParts(tool, this.#settings.toolFigures);
    let tokens = parts.fixedTokens;
    for (const text of parts.texts) tokens += this.countText(text);
    this.#tools.set(tool, tokens);
    return tokens;
  }
}

/**
 * A token counter for one encoding (see `TokenCounter` for the counting rules); its methods
 * are bound, so they can be passed around on their own. Throws `UnknownEncodingError` for an
 * encoding this package does not ship, and `TypeError` for a negative or fractional figure.
 */
export function createTokenCounter(options: TokenCounterOptions = {}): TokenCounter {
  return new CachingTokenCounter(resolveCounterSettings(options));
}
