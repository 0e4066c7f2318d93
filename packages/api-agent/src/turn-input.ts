import type { IncomingMessage, Message } from '@aalis/schema-message';

/**
 * One input of a turn ([HK-2]). The turn's `inputs` array is live: inputs inserted while the
 * turn runs are appended before the model call that sees them ([SCH-2]).
 */
export interface TurnInput {
  /** The inbound message, after the preprocessors ([PRE-1]). */
  readonly message: IncomingMessage;
  /**
   * The message archived into the session's history, set once archived. Never set for inputs
   * that are not archived: idle-trigger inputs (`triggerType: 'idle'`) and every input when
   * no archive is present ([HK-9], [SVC-5]).
   */
  archived?: Message;
}
