import type { ChatMessage } from '@aalis/api-llm';
import type { TurnInput } from './turn-input';

/** What a prompt contribution's `build` sees ([PRM-2]). */
export interface PromptContributionView {
  readonly sessionId: string;
  /** The platform of the turn's inputs (or of the session, for estimates). */
  readonly platform?: string;
  /** The turn being assembled; absent for `token:request` estimates. */
  readonly turnId?: string;
  /**
   * The turn's inputs: the same live array and objects as `agent:turn:before`, archived ones
   * with `archived`. Contributions that pick material by speaker look at each input's sender
   * and `triggerType`; ones that search by content use the `archived` text. Empty for
   * `token:request` estimates.
   */
  readonly inputs: readonly TurnInput[];
  /** Aborts when the turn is stopped; stop building when it fires. */
  readonly signal: AbortSignal;
  /** True when estimating for `token:request` ([USG-8]): build without side effects. */
  readonly dryRun: boolean;
  /** A read-only snapshot of the message list being assembled. */
  readonly messages: readonly ChatMessage[];
}
