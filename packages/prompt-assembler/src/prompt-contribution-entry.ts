import type { AgentPromptContribution } from '@aalis/api-agent';

/**
 * One `agent:prompt` contribution as the point's owner lists it. `Contribution<'agent:prompt'>`
 * of `@aalis/core` (what `contributions.use.list('agent:prompt')` returns) fits as it is.
 */
export interface PromptContributionEntry {
  /** The registry's global key `pluginInstanceId/localId`. */
  readonly key: string;
  /** The local id the registry keyed it under, when it says. */
  readonly localId?: string;
  /** The contributed spec. */
  readonly spec: AgentPromptContribution;
}
