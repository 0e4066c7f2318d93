/**
 * Contribution point name → the spec a contributor passes to
 * `contributions.use.contribute(point, spec)`. Extended by declaration merging, like
 * `EventMap`:
 *
 * ```ts
 * declare module '@aalis/core' {
 *   interface ContributionPointMap { 'agent:prompt': PromptContributionSpec }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface ContributionPointMap {}

/** The names of the contribution points known to the program. */
export type ContributionPointName = Extract<keyof ContributionPointMap, string>;
