import type { TurnInput } from './turn-input';

/**
 * `agent:turn:before` — a turn starts ([HK-2]). The default action is the whole turn,
 * beginning with archiving the inputs in order ([ARC-6]); a middleware before `next()` sees
 * inputs without `archived` and a history without them. Not calling `next`: the turn does
 * not run, nothing is archived, no `agent:turn:after`, the stream end marker is still
 * emitted.
 */
export interface AgentTurnBeforePayload {
  /** The fresh id of this turn ([TID-1]). */
  readonly turnId: string;
  readonly sessionId: string;
  /**
   * The turn's inputs, all of the same session and source ([SCH-7]). Live: inputs inserted
   * later are appended before the model call that sees them ([SCH-2]); the same array is
   * `agent:turn:after`'s `inputs` and `PromptContributionView.inputs`.
   */
  readonly inputs: readonly TurnInput[];
}
