import type {} from '@aalis/core';
import type { OutgoingMessage } from '@aalis/schema-message';

/**
 * Payload of `outbound:message`: a message handed to the platform, with the turn id
 * ([TID-2]). In `room` sessions a turn hands over only its last reply ([ARC-5]).
 */
export interface OutboundMessageEvent {
  readonly message: OutgoingMessage;
}

declare module '@aalis/core' {
  interface EventMap {
    /** A message for the platform; see `OutboundMessageEvent`. */
    'outbound:message': OutboundMessageEvent;
  }
}
