import type { PromptContributionEntry } from './prompt-contribution-entry';

/**
 * Reads the current `agent:prompt` contributions. Called at every assembly, so contributions
 * added or withdrawn while the app runs take effect from the next model call. Inside an app:
 * `() => contributions.use.list('agent:prompt')`.
 */
export type PromptContributionSource = () => readonly PromptContributionEntry[];
