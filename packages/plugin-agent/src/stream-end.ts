import type { EventBus } from '@aalis/core';

/**
 * Emits the one stream end marker an input gets ([OUT-3]): with the turn id when the input
 * was in a turn, without it when it was dropped, blocked before archiving or released.
 */
export async function emitStreamEnd(events: EventBus, sessionId: string, turnId?: string): Promise<void> {
  const chunk =
    turnId === undefined ? { type: 'end' as const, sessionId } : { type: 'end' as const, sessionId, turnId };
  await events.emit('outbound:stream', { chunk });
}
