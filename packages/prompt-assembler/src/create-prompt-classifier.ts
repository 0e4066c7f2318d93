import { WellKnownMetadataKeys } from '@aalis/schema-message';
import {
  type ChatMessageLike,
  classifyMessageByRole,
  type MessageClassification,
  type MessageClassifier,
} from '@aalis/token-budget';
import type { ContributionBlock } from './contribution-block';

/** What {@link createPromptClassifier} takes. */
export interface PromptClassifierOptions<Message extends ChatMessageLike> {
  /** The blocks of the call (`PromptAssembly.blocks`). */
  readonly blocks: readonly ContributionBlock[];
  /** How the other messages are classified. Default token-budget's `classifyMessageByRole`. */
  readonly fallback?: MessageClassifier<Message>;
}

function injectorOf(message: unknown): string | undefined {
  const metadata = (message as { metadata?: unknown }).metadata;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const injector = (metadata as Record<string, unknown>)[WellKnownMetadataKeys.Injector];
  return typeof injector === 'string' ? injector : undefined;
}

/**
 * A classifier for token-budget's `computeTokenBreakdown` / `buildTokenUsage`: a message tagged
 * with the injector of one of `blocks` counts in that block's bucket under its key, so
 * `parts[].injectors[key]` equals the block's `tokens` ([PRM-3], [USG-7]); every other message
 * goes to `fallback`. Messages are recognised by their metadata, so copies made by
 * `agent:llm:before` middlewares are still attributed as long as they keep it.
 */
export function createPromptClassifier<Message extends ChatMessageLike>(
  options: PromptClassifierOptions<Message>,
): MessageClassifier<Message> {
  const buckets = new Map(options.blocks.map((block) => [block.key, block.bucket]));
  const fallback: MessageClassifier<Message> = options.fallback ?? classifyMessageByRole;
  return (message, index): MessageClassification => {
    const injector = injectorOf(message);
    const bucket = injector === undefined ? undefined : buckets.get(injector);
    if (injector === undefined || bucket === undefined) return fallback(message, index);
    return { bucket, injector };
  };
}
