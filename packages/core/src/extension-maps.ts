/**
 * Event name → payload. Contract packages add their events by declaration merging:
 *
 * ```ts
 * declare module '@aalis/core' {
 *   interface EventMap { 'agent:queue': AgentQueueEvent }
 * }
 * ```
 * Every event carries exactly one payload object.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface EventMap {}

/**
 * Contribution point name → the spec a contributor passes to
 * `contributions.use.contribute(point, spec)`. Extended by declaration merging, like
 * {@link EventMap}.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface ContributionPointMap {}
