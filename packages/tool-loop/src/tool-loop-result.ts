import type { TurnEnding } from '@aalis/api-agent';
import type { ToolLoopError } from './tool-loop-error';

/**
 * How one turn's body ended ([OUT-1]): the contract's `TurnEnding` (outcome, the persisted
 * reply on `replied` — `undefined` when nothing is archived — and the notice on `error`),
 * which an agent hands to `agent:turn:after` as it is, plus figures for its logs.
 */
export interface ToolLoopResult extends TurnEnding {
  /** On `error` only: the `[错误]` or `[系统]` notice sent to the session ([OUT-2]). */
  readonly error?: string;
  /** On `replied`: the text handed to the platform. */
  readonly replyContent?: string;
  /** On `error` only: what ended the turn, for logs. */
  readonly failure?: ToolLoopError;
  /** Model calls that returned. */
  readonly modelCalls: number;
  /** `token:usage` events emitted (one per model call that returned, [USG-1]). */
  readonly usageEvents: number;
  /** Tool calls the model asked for, failed ones included. */
  readonly toolCalls: number;
}
