import type {} from '@aalis/core';
import type { TextRef } from '@aalis/schema-message';
import type { TokenBudgetBreakdown } from './token-budget-buckets';

/** One row of the usage table, in display order ([USG-7]). */
export interface TokenUsagePart {
  /** Display name. */
  readonly label: string | TextRef;
  readonly tokens: number;
  /** Per-injector figures of this row, keyed by the injector's global key `pluginInstanceId/localId` ([PRM-3]). */
  readonly injectors?: Readonly<Record<string, number>>;
}

/**
 * Payload of `token:usage`: the input usage of one model call, emitted after every call that
 * returned (none for a call that threw, [USG-1]), or a snapshot answering `token:request`
 * (`snapshot: true`, no model call, no `turnId`, [USG-8], [TID-4]).
 */
export interface TokenUsageEvent {
  readonly sessionId: string;
  /** The turn of the call ([TID-2]); absent on snapshots ([TID-4]). */
  readonly turnId?: string;
  /** Whether this answers `token:request` instead of reporting a model call. */
  readonly snapshot: boolean;
  /** The model called (or that would be called, for a snapshot). */
  readonly model: string;
  /**
   * Input tokens of the call: `ChatResponse.usage.promptTokens` when it is a positive finite
   * number, else an estimate from the sent messages and tool definitions (and always an
   * estimate on snapshots) ([USG-2]).
   */
  readonly used: number;
  readonly contextWindow: number;
  /** `used / contextWindow` ([USG-2]). */
  readonly usageRatio: number;
  /** The input budget hard trimming keeps to. */
  readonly tokenBudget: number;
  /**
   * Whether this call or an earlier call of the turn was hard-trimmed (assembled estimate over
   * `tokenBudget`, or history cut); sticky for the rest of the turn ([USG-3]).
   */
  readonly trimmed: boolean;
  /** History plus tool-result tokens estimated on the untrimmed list ([USG-4]). */
  readonly untrimmedHistory: number;
  /**
   * The session's active history count at turn start (opening inputs and the part beyond the
   * count limit included) plus tool calls, tool results and joined inputs appended so far;
   * control kinds excluded; snapshots give the active history count only ([USG-5]).
   */
  readonly historyMessages: number;
  /**
   * The turn's history count limit (session setting; `0` = none) ([USG-6]). Filled by the
   * reference agent; consumers that act on the count limit do nothing when it is absent.
   */
  readonly historyLimit?: number;
  /** Figures per fixed bucket; `history` and `toolResults` computed on the sent list ([USG-4], [USG-7]). */
  readonly breakdown: TokenBudgetBreakdown;
  /** The same figures as display rows with labels, without `reservedForReply` ([USG-7]). */
  readonly parts: readonly TokenUsagePart[];
}

declare module '@aalis/core' {
  interface EventMap {
    /** Input usage of one model call, or a snapshot; see `TokenUsageEvent`. */
    'token:usage': TokenUsageEvent;
  }
}
