import type { PromptBucket } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';

/**
 * One message of the assembled prompt that is not conversation: a system prompt or a prompt
 * contribution's output, tagged with the budget bucket it counts in and, for contributions,
 * the injector's global key `pluginInstanceId/localId` ([PRM-1], [PRM-3]).
 */
export interface PromptBlock {
  readonly message: ChatMessage;
  readonly bucket: PromptBucket;
  readonly injector?: string;
}
