import type { PromptContributionView } from '@aalis/api-agent';

/** A prompt contribution a case made through the harness, and what its `build` saw. */
export interface ContributionProbe {
  /** Its global key `pluginInstanceId/localId` ([PRM-3]). */
  readonly key: string;
  /** Every view `build` received, in order ([PRM-2]). */
  readonly views: readonly PromptContributionView[];
  /** Withdraws the contribution. */
  dispose(): void;
}
