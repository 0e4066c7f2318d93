import { DEFAULT_BUCKET_LABELS } from './bucket-labels';
import { DEFAULT_PART_ORDER, type PartBucket } from './part-order';
import type { TextRef } from './text-ref';
import type { TokenBreakdown } from './token-budget-bucket';
import type { TokenFigure } from './token-figure';

/** One row of the display breakdown [USG-7]. */
export interface TokenUsagePart {
  /** Display label. */
  label: string | TextRef;
  tokens: number;
  /** The row's figures per injector, keyed by the injector's `pluginInstanceId/localId` [PRM-3]. */
  injectors?: Record<string, number>;
}

/** How the display rows are made. */
export interface TokenPartsOptions {
  /** Display labels replacing the defaults. */
  readonly labels?: Readonly<Partial<Record<PartBucket, string | TextRef>>>;
  /** Display order of `parts`. Default `DEFAULT_PART_ORDER`. */
  readonly order?: readonly PartBucket[];
  /** Leave buckets with 0 tokens out of `parts`. Default false. */
  readonly omitEmptyParts?: boolean;
}

/** What {@link sumTokenFigures} adds up: the figures of a request's messages and the rest of it. */
export interface SumTokenFiguresOptions extends TokenPartsOptions {
  /** The messages' figures, in any order. */
  readonly figures: Iterable<TokenFigure>;
  /** Tokens of the request's tool definitions (the `toolDefs` bucket). */
  readonly toolTokens: number;
  /** Tokens that prime the reply (counted in `systemOther`). */
  readonly replyPriming: number;
  /** The reply reserve (the `reservedForReply` bucket). */
  readonly reservedForReply: number;
  /**
   * The messages' own tokens when they differ from the figures' sum (segments counted apart
   * can exceed their message); the estimate uses it. Default: the figures' sum.
   */
  readonly messageTokens?: number;
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

/** Every bucket at 0, as a literal: one object shape for every breakdown (four a turn). */
function emptyBreakdown(): TokenBreakdown {
  return {
    system: 0,
    persona: 0,
    memorySummary: 0,
    memoryVector: 0,
    skills: 0,
    platform: 0,
    subtask: 0,
    systemOther: 0,
    history: 0,
    toolResults: 0,
    toolDefs: 0,
    reservedForReply: 0,
  };
}

type InjectorFigures = Partial<Record<PartBucket, Record<string, number>>>;

function partsOf(
  breakdown: TokenBreakdown,
  injectors: InjectorFigures,
  options: TokenPartsOptions,
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
 * Adds up counted figures into the 12 buckets and the display `parts` [USG-7]: each figure
 * goes to its bucket (and to its injector's row when it names one [PRM-3]), the tool tokens to
 * `toolDefs`, the reply priming to `systemOther`, the reserve to `reservedForReply`. The
 * estimate is the sum of all but the reserve, as `TokenCounter.estimateRequest` counts it.
 * Linear in the number of figures; counts nothing.
 */
export function sumTokenFigures(options: SumTokenFiguresOptions): TokenBreakdownResult {
  const reserved = options.reservedForReply;
  if (!Number.isSafeInteger(reserved) || reserved < 0) {
    throw new TypeError('computeTokenBreakdown: reservedForReply must be a non-negative integer');
  }
  const breakdown = emptyBreakdown();
  const injectors: InjectorFigures = {};
  let messageTokens = 0;
  for (const figure of options.figures) {
    messageTokens += figure.tokens;
    breakdown[figure.bucket] += figure.tokens;
    if (figure.injector === undefined) continue;
    const byInjector = injectors[figure.bucket] ?? {};
    injectors[figure.bucket] = byInjector;
    byInjector[figure.injector] = (byInjector[figure.injector] ?? 0) + figure.tokens;
  }
  breakdown.toolDefs = options.toolTokens;
  breakdown.systemOther += options.replyPriming;
  breakdown.reservedForReply = reserved;
  const estimate = (options.messageTokens ?? messageTokens) + options.replyPriming + options.toolTokens;
  return { breakdown, parts: partsOf(breakdown, injectors, options), estimate };
}
