import type { PromptBlock } from '@aalis/api-agent';
import type { ContributionBlock } from './contribution-block';
import type { PromptContributionFailure } from './prompt-contribution-failure';
import type { PromptMessage } from './prompt-message';

/** The prompt contributions materialised for one model call or one estimate ([PRM-1]). */
export interface PromptAssembly {
  /**
   * One block per contribution that built something, stable ones first, then volatile ones;
   * within each, by `order`, then in the registry's order.
   */
  readonly blocks: readonly ContributionBlock[];
  /**
   * The blocks' messages in block order as the contract's prompt blocks (bucket, injector,
   * tokens counted once): what an agent puts before the history and budgets with.
   */
  readonly promptBlocks: readonly PromptBlock[];
  /** The blocks' messages in block order: what goes into the request before the history. */
  readonly messages: readonly PromptMessage[];
  /** The contributions left out of this call, in the registry's order. */
  readonly failures: readonly PromptContributionFailure[];
}
