import type {} from '@aalis/core';
import type { StreamChunk } from '@aalis/schema-message';

/**
 * Payload of `outbound:stream`: one streamed chunk, with the turn id ([TID-2]); each input
 * gets exactly one `end` chunk ([OUT-3]).
 */
export interface OutboundStreamEvent {
  readonly chunk: StreamChunk;
}

declare module '@aalis/core' {
  interface EventMap {
    /** A streamed chunk; see `OutboundStreamEvent`. */
    'outbound:stream': OutboundStreamEvent;
  }
}
