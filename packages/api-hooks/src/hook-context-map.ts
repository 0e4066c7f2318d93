/**
 * Hook name → payload of every hook the `hooks` service runs. Contract packages add their
 * keys by declaration merging (importing the contract is enough to see them):
 *
 * ```ts
 * declare module '@aalis/api-hooks' {
 *   interface HookContextMap { 'agent:turn:after': AgentTurnAfterPayload }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface HookContextMap {}

/** The hook names known to the program: the string keys of {@link HookContextMap}. */
export type HookName = Extract<keyof HookContextMap, string>;
