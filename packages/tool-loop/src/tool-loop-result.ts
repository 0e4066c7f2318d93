import type { Message, TurnOutcome } from '@aalis/schema-message';
import type { ToolLoopError } from './tool-loop-error';

/** How one turn's body ended ([OUT-1]). */
export interface ToolLoopResult {
  /** `replied`, `silent` (empty reply), `aborted`, or `error`. */
  readonly outcome: TurnOutcome;
  /** On `replied`: the persisted final reply (`undefined` when nothing is archived). */
  readonly reply?: Message;
  /** On `replied`: the text handed to the platform. */
  readonly replyContent?: string;
  /** On `error` only: the `[错误]` or `[系统]` notice sent to the session ([OUT-2]). */
  readonly error?: string;
  /** On `error` only: what ended the turn, for logs. */
  readonly failure?: ToolLoopError;
  /** Model calls that returned. */
  readonly modelCalls: number;
  /** `token:usage` events emitted (one per model call that returned, [USG-1]). */
  readonly usageEvents: number;
  /** Tool calls the model asked for, failed ones included. */
  readonly toolCalls: number;
}
