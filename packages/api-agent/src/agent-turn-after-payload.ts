import type { TurnEnding } from './turn-ending';
import type { TurnInput } from './turn-input';

/**
 * `agent:turn:after` — a turn ended, on all four exit paths ([HK-8], [OUT-1]); not fired for
 * a turn blocked at `agent:turn:before`. The turn record is already persisted ([ARC-8]).
 */
export interface AgentTurnAfterPayload extends TurnEnding {
  /** The same array as `agent:turn:before`'s `inputs`. */
  readonly inputs: readonly TurnInput[];
  readonly sessionId: string;
  readonly turnId: string;
}
