import type { IncomingMessage } from '@aalis/schema-message';

/** Options of `AgentService.abort`. */
export interface AgentAbortOptions {
  /**
   * Only stop the running turn if it has this id; with any other id (the turn ended or was
   * replaced) nothing at all happens and `abort` returns `false` ([ABT-2]).
   */
  turnId?: string;
  /**
   * Also release the session's queued and pending-insert inputs: they open no turn, their
   * `handleMessage` settles, and they are archived without a turn id after the running turn
   * settled ([ABT-3]). Without it they open the next turn as usual ([ABT-4]).
   */
  queued?: boolean;
  /** Written only into the turn-end log line: not in messages, records or hooks ([ABT-5]). */
  reason?: string;
  /** Who stopped the turn, same shape as `IncomingMessage.actor`; absent: no specific person ([ABT-6]). */
  by?: NonNullable<IncomingMessage['actor']>;
}
