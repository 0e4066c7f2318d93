import type { ChatMessage } from '@aalis/api-llm';
import type {} from '@aalis/core';
import type { TextRef } from '@aalis/schema-message';
import type { PromptBucket } from './prompt-buckets';
import type { PromptContributionView } from './prompt-contribution-view';

/** What a prompt contribution builds: text for its block, messages, or nothing this time. */
export type PromptContributionOutput = string | readonly ChatMessage[] | undefined;

/**
 * A contribution to the `agent:prompt` contribution point: how summaries, semantic memory,
 * profiles, skills and the like inject prompt text, materialised by the agent before
 * `agent:llm:before` ([PRM-1]). Registered with `contributions.use.contribute('agent:prompt',
 * spec)`; its global key is `pluginInstanceId/localId`, under which its tokens appear in
 * `TokenUsagePart.injectors` ([PRM-3]).
 */
export interface AgentPromptContribution {
  /** Unique within the contributing plugin instance. */
  readonly localId: string;
  /** The budget bucket its tokens count in. */
  readonly bucket: PromptBucket;
  /** Display name. */
  readonly label: string | TextRef;
  /** Position among the contributions (lower first); ties keep registration order. */
  readonly order?: number;
  /**
   * Content that changes from call to call: volatile blocks go after the stable ones, so a
   * provider's prompt-prefix cache keeps hitting.
   */
  readonly volatile?: boolean;
  /** How long `build` may take before it is left out of this call. */
  readonly timeoutMs?: number;
  /** Builds the block for one model call (or one estimate, with `view.dryRun`). */
  build(view: PromptContributionView): PromptContributionOutput | Promise<PromptContributionOutput>;
}

declare module '@aalis/core' {
  interface ContributionPointMap {
    /** Prompt blocks of the agent; see `AgentPromptContribution`. */
    'agent:prompt': AgentPromptContribution;
  }
}
