import type { ChatMessageLike } from './chat-message';
import { classifyMessageByRole } from './classify-message-by-role';
import type { MessageClassifier } from './message-classification';
import { sumTokenFigures, type TokenBreakdownResult, type TokenPartsOptions } from './sum-token-figures';
import type { TokenCounter } from './token-counter';
import type { TokenFigure } from './token-figure';
import type { ToolDefinitionLike } from './tool-definition';

export type { TokenBreakdownResult, TokenUsagePart } from './sum-token-figures';

/** Options of `computeTokenBreakdown`. */
export interface TokenBreakdownOptions<Message extends ChatMessageLike> extends TokenPartsOptions {
  /** The messages of the request. */
  readonly messages: readonly Message[];
  readonly counter: TokenCounter;
  /** Says which bucket each message belongs to. Default `classifyMessageByRole`. */
  readonly classify?: MessageClassifier<Message>;
  /** The request's tool definitions (the `toolDefs` bucket). */
  readonly tools?: readonly ToolDefinitionLike[];
  /** The reply reserve (the `reservedForReply` bucket). Default 0. */
  readonly reservedForReply?: number;
}

/** Counts and classifies each message into figures; returns the messages' own total. */
function figuresOf<Message extends ChatMessageLike>(
  options: TokenBreakdownOptions<Message>,
  figures: TokenFigure[],
): number {
  const classify = options.classify ?? classifyMessageByRole;
  let messageTokens = 0;
  options.messages.forEach((message, index) => {
    const classification = classify(message, index);
    const tokens = options.counter.countMessage(message);
    messageTokens += tokens;
    if (typeof classification === 'string') {
      figures.push({ bucket: classification, tokens });
    } else if ('segments' in classification) {
      let remaining = tokens;
      for (const segment of classification.segments) {
        const segmentTokens = options.counter.countText(segment.text);
        figures.push({ ...segment, tokens: segmentTokens });
        remaining -= segmentTokens;
      }
      const rest = classification.rest;
      figures.push({
        ...(typeof rest === 'string' ? { bucket: rest } : rest),
        tokens: Math.max(0, remaining),
      });
    } else {
      figures.push({ ...classification, tokens });
    }
  });
  return messageTokens;
}

/**
 * Splits a request's tokens into the 12 buckets and the display `parts` [USG-7]: every message
 * goes to the bucket the classifier names (per-injector figures kept when it names one
 * [PRM-3]), tool definitions to `toolDefs`, the reply priming to `systemOther`, the reply
 * reserve to `reservedForReply`. The buckets other than `reservedForReply` add up to the
 * request's estimate (as long as segment texts are part of the messages they are given for).
 * Callers that already hold counted figures use `sumTokenFigures` instead.
 */
export function computeTokenBreakdown<Message extends ChatMessageLike>(
  options: TokenBreakdownOptions<Message>,
): TokenBreakdownResult {
  const figures: TokenFigure[] = [];
  const messageTokens = figuresOf(options, figures);
  return sumTokenFigures({
    ...options,
    figures,
    messageTokens,
    toolTokens: options.counter.countTools(options.tools ?? []),
    replyPriming: options.counter.countMessages([]),
    reservedForReply: options.reservedForReply ?? 0,
  });
}
