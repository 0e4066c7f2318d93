import { DEFAULT_BUCKET_LABELS } from './bucket-labels';
import type { ChatMessageLike } from './chat-message';
import { classifyMessageByRole } from './classify-message-by-role';
import type { MessageAttribution, MessageClassifier } from './message-classification';
import { DEFAULT_PART_ORDER, type PartBucket } from './part-order';
import type { TextRef } from './text-ref';
import { TOKEN_BUDGET_BUCKETS, type TokenBreakdown } from './token-budget-bucket';
import type { TokenCounter } from './token-counter';
import type { ToolDefinitionLike } from './tool-definition';

/** One row of the display breakdown [USG-7]. */
export interface TokenUsagePart {
  /** Display label. */
  label: string | TextRef;
  tokens: number;
  /** The row's figures per injector, keyed by the injector's `pluginInstanceId/localId` [PRM-3]. */
  injectors?: Record<string, number>;
}

/** Options of `computeTokenBreakdown`. */
export interface TokenBreakdownOptions<Message extends ChatMessageLike> {
  /** The messages of the request. */
  readonly messages: readonly Message[];
  readonly counter: TokenCounter;
  /** Says which bucket each message belongs to. Default `classifyMessageByRole`. */
  readonly classify?: MessageClassifier<Message>;
  /** The request's tool definitions (the `toolDefs` bucket). */
  readonly tools?: readonly ToolDefinitionLike[];
  /** The reply reserve (the `reservedForReply` bucket). Default 0. */
  readonly reservedForReply?: number;
  /** Display labels replacing the defaults. */
  readonly labels?: Readonly<Partial<Record<PartBucket, string | TextRef>>>;
  /** Display order of `parts`. Default `DEFAULT_PART_ORDER`. */
  readonly order?: readonly PartBucket[];
  /** Leave buckets with 0 tokens out of `parts`. Default false. */
  readonly omitEmptyParts?: boolean;
}

/** A request's tokens split by source. */
export interface TokenBreakdownResult {
  /** Tokens per bucket [USG-7]. */
  readonly breakdown: TokenBreakdown;
  /** The same figures as display rows, without `reservedForReply` [USG-7]. */
  readonly parts: TokenUsagePart[];
  /** The request's estimated prompt tokens (`TokenCounter.estimateRequest`). */
  readonly estimate: number;
}

type InjectorFigures = Partial<Record<PartBucket, Record<string, number>>>;

function emptyBreakdown(): TokenBreakdown {
  return Object.fromEntries(TOKEN_BUDGET_BUCKETS.map((bucket) => [bucket, 0])) as TokenBreakdown;
}

function attribute(
  target: { breakdown: TokenBreakdown; injectors: InjectorFigures },
  attribution: MessageAttribution,
  tokens: number,
): void {
  target.breakdown[attribution.bucket] += tokens;
  if (attribution.injector === undefined) return;
  const figures = target.injectors[attribution.bucket] ?? {};
  target.injectors[attribution.bucket] = figures;
  figures[attribution.injector] = (figures[attribution.injector] ?? 0) + tokens;
}

function attributeMessage<Message extends ChatMessageLike>(
  target: { breakdown: TokenBreakdown; injectors: InjectorFigures },
  options: TokenBreakdownOptions<Message>,
  message: Message,
  index: number,
): number {
  const classification = (options.classify ?? classifyMessageByRole)(message, index);
  const tokens = options.counter.countMessage(message);
  if (typeof classification === 'string') {
    attribute(target, { bucket: classification }, tokens);
  } else if ('segments' in classification) {
    let remaining = tokens;
    for (const segment of classification.segments) {
      const segmentTokens = options.counter.countText(segment.text);
      attribute(target, segment, segmentTokens);
      remaining -= segmentTokens;
    }
    const rest = classification.rest;
    attribute(target, typeof rest === 'string' ? { bucket: rest } : rest, Math.max(0, remaining));
  } else {
    attribute(target, classification, tokens);
  }
  return tokens;
}

function partsOf(
  breakdown: TokenBreakdown,
  injectors: InjectorFigures,
  options: Pick<TokenBreakdownOptions<ChatMessageLike>, 'labels' | 'order' | 'omitEmptyParts'>,
): TokenUsagePart[] {
  const parts: TokenUsagePart[] = [];
  for (const bucket of options.order ?? DEFAULT_PART_ORDER) {
    const tokens = breakdown[bucket];
    if (options.omitEmptyParts === true && tokens === 0) continue;
    const part: TokenUsagePart = { label: options.labels?.[bucket] ?? DEFAULT_BUCKET_LABELS[bucket], tokens };
    const figures = injectors[bucket];
    if (figures !== undefined) part.injectors = { ...figures };
    parts.push(part);
  }
  return parts;
}

/**
 * Splits a request's tokens into the 12 buckets and the display `parts` [USG-7]: every message
 * goes to the bucket the classifier names (per-injector figures kept when it names one
 * [PRM-3]), tool definitions to `toolDefs`, the reply priming to `systemOther`, the reply
 * reserve to `reservedForReply`. The buckets other than `reservedForReply` add up to the
 * request's estimate (as long as segment texts are part of the messages they are given for).
 */
export function computeTokenBreakdown<Message extends ChatMessageLike>(
  options: TokenBreakdownOptions<Message>,
): TokenBreakdownResult {
  const { counter, messages } = options;
  const target = { breakdown: emptyBreakdown(), injectors: {} as InjectorFigures };
  let messageTokens = 0;
  messages.forEach((message, index) => {
    messageTokens += attributeMessage(target, options, message, index);
  });
  const { breakdown } = target;
  breakdown.toolDefs = counter.countTools(options.tools ?? []);
  const replyPriming = counter.countMessages([]);
  breakdown.systemOther += replyPriming;
  const reserved = options.reservedForReply ?? 0;
  if (!Number.isSafeInteger(reserved) || reserved < 0) {
    throw new TypeError('computeTokenBreakdown: reservedForReply must be a non-negative integer');
  }
  breakdown.reservedForReply = reserved;
  // The same sum `estimateRequest` makes, from the figures already counted above.
  const estimate = messageTokens + replyPriming + breakdown.toolDefs;
  return { breakdown, parts: partsOf(breakdown, target.injectors, options), estimate };
}
