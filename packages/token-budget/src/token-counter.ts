import type { ChatContentPart, ChatMessageLike } from './chat-message';
import { formatToolDefinition, TOOL_NAMESPACE_FOOTER, TOOL_NAMESPACE_HEADER } from './format-tool-definition';
import { toolCallIdOf, toolCallsJson, toolCallsOf } from './message-fields';
import { createModelTable, type ModelTable } from './model-table';
import { TextCountCache } from './text-count-cache';
import { DEFAULT_ENCODING, type TokenEncodingName, textTokenizerFor } from './token-encoding';
import type { ToolDefinitionLike } from './tool-definition';

/** Options of `createTokenCounter`. Every figure is a non-negative integer. */
export interface TokenCounterOptions {
  /** The encoding to count with. Wins over `model`. Default: the model's, else `o200k_base`. */
  readonly encoding?: TokenEncodingName;
  /** A model name whose encoding to use (looked up in `modelTable`). */
  readonly model?: string;
  /** The table `model` is looked up in. Default: the built-in table. */
  readonly modelTable?: ModelTable;
  /** Fixed cost of one image part. Default 765 (a 1024×1024 image at high detail). */
  readonly imageTokens?: number;
  /** Framing tokens per message. Default 3 (OpenAI cookbook, GPT-4 and later). */
  readonly messageOverhead?: number;
  /** Extra tokens when a message has a `name`. Default 1 (OpenAI cookbook). */
  readonly nameOverhead?: number;
  /** Tokens priming the reply, added once per request. Default 3 (OpenAI cookbook). */
  readonly replyPriming?: number;
  /** Fixed tokens of a non-empty tool list besides the rendered tools. Default 9. */
  readonly toolsOverhead?: number;
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
 * strings counted as ordinary text. A message costs, per OpenAI's cookbook ("How to count tokens
 * with tiktoken", GPT-4 and later): `messageOverhead` + the tokens of every string field (role,
 * content, name, tool call id) + `nameOverhead` when named. OpenAI documents no rule for tool
 * calls; they count as the compact JSON of their Chat Completions wire shape. Image parts cost
 * `imageTokens` each. A list adds `replyPriming` once.
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
  /** Tokens of a list of tool definitions (0 for none). */
  countTools(tools: readonly ToolDefinitionLike[]): number;
  /** Estimated prompt tokens of a whole request: messages, reply priming and tools. */
  estimateRequest(request: ChatRequestLike): number;
  /** Cache activity so far. */
  stats(): TokenCounterStats;
  /** Forgets every remembered figure. */
  clearCache(): void;
}

interface RememberedMessage {
  readonly tokens: number;
  readonly role: unknown;
  readonly content: unknown;
  readonly name: unknown;
  readonly toolCalls: unknown;
  readonly toolCallId: unknown;
}

const imageTypes = new Set(['image_url', 'image', 'input_image']);

function figure(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`createTokenCounter: ${name} must be a non-negative integer`);
  }
  return value;
}

function resolveEncoding(options: TokenCounterOptions): TokenEncodingName {
  if (options.encoding !== undefined) return options.encoding;
  if (options.model !== undefined)
    return (options.modelTable ?? createModelTable()).encodingFor(options.model);
  return DEFAULT_ENCODING;
}

function sameFields(remembered: RememberedMessage, message: ChatMessageLike): boolean {
  return (
    remembered.content === message.content &&
    remembered.role === message.role &&
    remembered.name === message.name &&
    remembered.toolCalls === (message.tool_calls ?? message.toolCalls) &&
    remembered.toolCallId === (message.tool_call_id ?? message.toolCallId)
  );
}

/** The settings a counter runs with, resolved from `TokenCounterOptions`. */
interface CounterSettings {
  readonly encoding: TokenEncodingName;
  readonly imageTokens: number;
  readonly messageOverhead: number;
  readonly nameOverhead: number;
  readonly replyPriming: number;
  readonly toolsOverhead: number;
  readonly textCacheEntries: number;
  readonly textCacheCharacters: number;
}

function resolveSettings(options: TokenCounterOptions): CounterSettings {
  return {
    encoding: resolveEncoding(options),
    imageTokens: figure('imageTokens', options.imageTokens, 765),
    messageOverhead: figure('messageOverhead', options.messageOverhead, 3),
    nameOverhead: figure('nameOverhead', options.nameOverhead, 1),
    replyPriming: figure('replyPriming', options.replyPriming, 3),
    toolsOverhead: figure('toolsOverhead', options.toolsOverhead, 9),
    textCacheEntries: figure('textCacheEntries', options.textCacheEntries, 8_192),
    textCacheCharacters: figure('textCacheCharacters', options.textCacheCharacters, 4_000_000),
  };
}

class CachingTokenCounter implements TokenCounter {
  readonly encoding: TokenEncodingName;
  readonly #settings: CounterSettings;
  readonly #tokenize: (text: string) => number;
  readonly #texts: TextCountCache;
  #messages = new WeakMap<object, RememberedMessage>();
  #tools = new WeakMap<object, number>();
  #stats = { messageHits: 0, messageMisses: 0, textHits: 0, textMisses: 0 };

  constructor(settings: CounterSettings) {
    this.encoding = settings.encoding;
    this.#settings = settings;
    this.#tokenize = textTokenizerFor(settings.encoding);
    this.#texts = new TextCountCache({
      maxEntries: settings.textCacheEntries,
      maxCharacters: settings.textCacheCharacters,
    });
    // Methods are handed around (`messages.map(counter.countMessage)`), so bind them once.
    this.countText = this.countText.bind(this);
    this.countMessage = this.countMessage.bind(this);
    this.countMessages = this.countMessages.bind(this);
    this.countTools = this.countTools.bind(this);
    this.estimateRequest = this.estimateRequest.bind(this);
  }

  countText(text: string): number {
    if (typeof text !== 'string') throw new TypeError('countText: text must be a string');
    if (text.length === 0) return 0;
    const known = this.#texts.get(text);
    if (known !== undefined) {
      this.#stats.textHits += 1;
      return known;
    }
    this.#stats.textMisses += 1;
    const tokens = this.#tokenize(text);
    this.#texts.set(text, tokens);
    return tokens;
  }

  countMessage(message: ChatMessageLike): number {
    if (typeof message !== 'object' || message === null) {
      throw new TypeError('countMessage: message must be an object');
    }
    const remembered = this.#messages.get(message);
    if (remembered !== undefined && sameFields(remembered, message)) {
      this.#stats.messageHits += 1;
      return remembered.tokens;
    }
    this.#stats.messageMisses += 1;
    const tokens = this.#countFresh(message);
    this.#messages.set(message, {
      tokens,
      role: message.role,
      content: message.content,
      name: message.name,
      toolCalls: message.tool_calls ?? message.toolCalls,
      toolCallId: message.tool_call_id ?? message.toolCallId,
    });
    return tokens;
  }

  countMessages(messages: readonly ChatMessageLike[]): number {
    let tokens = this.#settings.replyPriming;
    for (const message of messages) tokens += this.countMessage(message);
    return tokens;
  }

  countTools(tools: readonly ToolDefinitionLike[]): number {
    if (tools.length === 0) return 0;
    let tokens =
      this.#settings.toolsOverhead +
      this.countText(TOOL_NAMESPACE_HEADER) +
      this.countText(TOOL_NAMESPACE_FOOTER);
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
    this.#messages = new WeakMap();
    this.#tools = new WeakMap();
    this.#stats = { messageHits: 0, messageMisses: 0, textHits: 0, textMisses: 0 };
  }

  #countFresh(message: ChatMessageLike): number {
    const { messageOverhead, nameOverhead } = this.#settings;
    let tokens = messageOverhead + this.countText(String(message.role)) + this.#countContent(message.content);
    if (typeof message.name === 'string' && message.name.length > 0) {
      tokens += this.countText(message.name) + nameOverhead;
    }
    const calls = toolCallsOf(message);
    if (calls !== undefined) tokens += this.countText(toolCallsJson(calls));
    const toolCallId = toolCallIdOf(message);
    if (toolCallId !== undefined) tokens += this.countText(toolCallId);
    return tokens;
  }

  #countContent(content: ChatMessageLike['content']): number {
    if (typeof content === 'string') return this.countText(content);
    if (!Array.isArray(content)) return 0;
    let tokens = 0;
    for (const part of content as readonly (ChatContentPart | string)[]) tokens += this.#countPart(part);
    return tokens;
  }

  #countPart(part: ChatContentPart | string): number {
    if (typeof part === 'string') return this.countText(part);
    if (typeof part.text === 'string') return this.countText(part.text);
    if (imageTypes.has(part.type)) return this.#settings.imageTokens;
    return this.countText(JSON.stringify(part) ?? '');
  }

  #countTool(tool: ToolDefinitionLike): number {
    const known = this.#tools.get(tool);
    if (known !== undefined) return known;
    const tokens = this.countText(formatToolDefinition(tool));
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
  return new CachingTokenCounter(resolveSettings(options));
}
