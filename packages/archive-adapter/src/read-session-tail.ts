import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { Message } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys } from '@aalis/schema-message';

/** A session's messages after its last recorded turn. Not public API. */
export interface SessionTail {
  /** The messages after the newest message that carries a turn record, oldest first. */
  readonly messages: readonly Message[];
  /** The turn ids of the records read on the way (the newest record included). */
  readonly recordedTurnIds: ReadonlySet<string>;
}

const FIRST_PAGE_SIZE = 64;
const LARGEST_PAGE_SIZE = 4096;

/**
 * Reads a session from its newest message back, a page at a time, until the first message
 * that carries a turn record ([ARC-8]), so the cost follows the tail, not the whole history;
 * pages double in size, so a long tail takes few reads. Without any record the whole
 * session is the tail. Not public API.
 */
export async function readSessionTail(
  archive: MessageArchiveService,
  sessionId: string,
): Promise<SessionTail> {
  const pages: Message[][] = [];
  const recordedTurnIds = new Set<string>();
  let before: string | undefined;
  let limit = FIRST_PAGE_SIZE;
  for (;;) {
    const page = await archive.list(sessionId, before === undefined ? { limit } : { limit, before });
    const recordedAt = page.findLastIndex((message) => message.metadata[Keys.TurnRecord] !== undefined);
    if (recordedAt >= 0) {
      for (const message of page) addRecordedTurn(recordedTurnIds, message);
      pages.unshift(page.slice(recordedAt + 1));
      break;
    }
    pages.unshift(page);
    const oldest = page[0];
    if (page.length < limit || oldest === undefined) break;
    before = oldest.id;
    limit = Math.min(limit * 2, LARGEST_PAGE_SIZE);
  }
  return { messages: pages.flat(), recordedTurnIds };
}

function addRecordedTurn(recordedTurnIds: Set<string>, message: Message): void {
  const turnId = message.metadata[Keys.TurnId];
  if (turnId !== undefined && message.metadata[Keys.TurnRecord] !== undefined) recordedTurnIds.add(turnId);
}
