import type { ChatMessage } from '@aalis/api-llm';
import type { PromptBucket } from './prompt-buckets';

/**
 * One message of a model call's prompt that is not conversation: the agent's system prompt or
 * one message an `agent:prompt` contribution built ([PRM-1]), with the budget bucket its tokens
 * count in, the injector's global key `pluginInstanceId/localId` for contributions ([PRM-3]),
 * and its tokens, counted once by whoever built the block ([USG-7]). Budgeting and the
 * `token:usage` breakdown sum these figures instead of counting the message again.
 */
export interface PromptBlock {
  readonly message: ChatMessage;
  readonly bucket: PromptBucket;
  /** The contribution's global key; absent for the agent's own system prompt. */
  readonly injector?: string;
  /** The message's tokens, as the agent's token counter counts it. */
  readonly tokens: number;
}
