import type { ModelRef } from '@aalis/api-llm';
import type { IncomingMessage } from '@aalis/schema-message';
import type { AgentAbortOptions } from './agent-abort-options';
import type { PreprocessorFn } from './preprocessor-fn';

/**
 * The conversation orchestration service: takes inbound messages and runs turns of
 * "assemble prompt → model → tool loop → reply" ([SVC-1]). Providers implement it; callers
 * use the `agent` descriptor's business handle ([SVC-4]).
 */
export interface AgentService {
  /**
   * Hands one input to the agent. Resolves once the input is settled: the turn it belongs to
   * ended (after `agent:turn:after`), it was released (abort with `queued`, shutdown, session
   * deletion, clearing), or it was dropped before entering a turn ([SVC-2]). A new input
   * never interrupts a running turn ([SCH-1]). Failures inside a turn end it with outcome
   * `error` and do not reject; only an invalid input rejects, with a validation error naming
   * the bad field, and then nothing was archived ([SVC-3]).
   */
  handleMessage(message: IncomingMessage): Promise<void>;
  /**
   * Stops the session's running turn: its model call is cancelled, no further model or tool
   * call starts, the outcome is `aborted` ([ABT-1]). Returns whether a running turn was
   * stopped ([ABT-7]); see `AgentAbortOptions` for `turnId`, `queued`, `reason` and `by`.
   */
  abort(sessionId: string, options?: AgentAbortOptions): boolean;
  /**
   * Clears history safely: stops the running turns of `sessionIds` (`undefined`: every
   * session, [CLR-3]), releases their queued and pending inputs without archiving them, waits
   * for the turns to settle, then runs `clear` ([CLR-1]). From the stop until `clear` settles
   * the sessions are held: inputs arriving meanwhile wait and are processed afterwards
   * ([CLR-2]). `clear` is the whole cleanup (the `memory:clear` chain, and for a deletion the
   * child sessions and `session:deleted` first); the agent's own `session:deleted` listener
   * runs inside the hold without waiting for it ([CLR-5]). `reason` goes only into the
   * turn-end log line.
   */
  clearing(
    sessionIds: readonly string[] | undefined,
    clear: () => Promise<unknown>,
    reason?: string,
  ): Promise<void>;
  /**
   * Adds a preprocessor on `agent:input:before`; the same name replaces. Returns a function
   * that removes it. Optional for providers; plugins call `BoundAgent.registerPreprocessor`.
   */
  registerPreprocessor?(name: string, handler: PreprocessorFn): () => void;
  /**
   * Sets the session-level conversation model in the session's settings ([SET-1]); a subtask
   * plugin calls it after creating a child session and before its first message. Rejects
   * when the settings do not exist or the write is refused.
   */
  assignModel(sessionId: string, model: ModelRef): Promise<void>;
}

/** The business handle of `agent`: what plugins call on `agent.use`. */
export interface BoundAgent extends AgentService {
  /**
   * Adds a preprocessor through the `preprocessorRegistrar` ([BND-1]): the same name
   * replaces; a provider switch re-attaches it; the registering plugin's deactivation
   * withdraws it; the owner is filled in by the facade. Under a provider without preprocessor
   * support it has no effect until a supporting provider becomes current ([BND-2]).
   */
  registerPreprocessor(name: string, handler: PreprocessorFn): () => void;
}
