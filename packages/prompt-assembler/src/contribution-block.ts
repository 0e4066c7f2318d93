import type { PromptBlock, PromptBucket } from '@aalis/api-agent';
import type { TextRef } from '@aalis/schema-message';
import type { PromptMessage } from './prompt-message';

/** What one contribution put into one model call ([PRM-1], [PRM-3]). */
export interface ContributionBlock {
  /** The injector's global key `pluginInstanceId/localId`. */
  readonly key: string;
  /** The contribution's local id. */
  readonly localId: string;
  /** The budget bucket its tokens count in. */
  readonly bucket: PromptBucket;
  /** The contribution's display label. */
  readonly label: string | TextRef;
  /** Its `order` (0 when it gave none). */
  readonly order: number;
  /** Whether it declared itself volatile (placed after the stable blocks). */
  readonly volatile: boolean;
  /** The messages it contributed, each tagged with `key` as its injector. */
  readonly messages: readonly PromptMessage[];
  /**
   * Its tokens: the sum of the counter's `countMessage` over `messages`, the same figure
   * token-budget's breakdown attributes to this injector ([PRM-3]).
   */
  readonly tokens: number;
  /** The same messages as the contract's prompt blocks, each with its own tokens. */
  readonly promptBlocks: readonly PromptBlock[];
}
