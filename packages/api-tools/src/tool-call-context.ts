import type { MessageActor, MessageSource } from '@aalis/schema-message';

/**
 * Everything a tool knows about the call it serves. `turnId` is the turn's id ([TID-2]),
 * `callId` unique per call ([TID-3]).
 */
export interface ToolCallContext {
  readonly sessionId: string;
  readonly turnId: string;
  readonly callId: string;
  /** The platform of the turn's inputs. */
  readonly platform: string;
  /** The authorised identity behind the turn's inputs, when known. */
  readonly actor?: MessageActor;
  /**
   * Whether the turn's model sees images itself; the same value as `acceptsImages` of
   * `agent:llm:before` ([HK-3]). A tool returning media gives images when true, a
   * description when false.
   */
  readonly acceptsImages: boolean;
  /** Aborts when the turn is stopped ([ABT-1]); a tool stops its work when it fires. */
  readonly signal: AbortSignal;
  /** The source of the turn's inputs; absent for a human turn. */
  readonly source?: MessageSource;
}
