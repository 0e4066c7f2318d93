import type { MessageAttachment } from './message-attachment';

/**
 * A message the agent hands to the platform (event `outbound:message`): a reply, or a
 * notice such as `[错误]`/`[系统]`. It carries the turn id of the turn that produced it
 * ([TID-2]).
 */
export interface OutgoingMessage {
  readonly sessionId: string;
  readonly content: string;
  /** The turn that produced it; absent only for messages sent outside any turn. */
  readonly turnId?: string;
  /** `reply` (the default) or a `notice` about the turn (error, system). */
  readonly kind?: 'reply' | 'notice';
  readonly platform?: string;
  /** The platform message id this replies to. */
  readonly replyTo?: string;
  readonly attachments?: readonly MessageAttachment[];
  /** The id of the persisted reply, when it was persisted. */
  readonly archivedMessageId?: string;
}
