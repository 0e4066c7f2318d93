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

/** The names of the events known to the program: the string keys of {@link EventMap}. */
export type EventName = Extract<keyof EventMap, string>;
