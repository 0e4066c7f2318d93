import type { ModelRef } from '@aalis/api-llm';

/**
 * Per-session settings that override the agent's configuration ([SET-2]). Other plugins add
 * their own fields by declaration merging:
 *
 * ```ts
 * declare module '@aalis/api-session-manager' {
 *   interface SessionSettings { persona?: string }
 * }
 * ```
 */
export interface SessionSettings {
  /** The session's conversation model; written by `AgentService.assignModel` ([SET-1]). */
  model?: ModelRef;
  /** Deep thinking on or off. */
  deepThinking?: boolean;
  /** The most tool-loop iterations of one turn. */
  maxToolIterations?: number;
  /** The history count limit of a turn; `0` means no limit ([USG-6]). */
  historyLimit?: number;
}
