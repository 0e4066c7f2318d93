import type { MessageArchiveService } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys, type MessageSource } from '@aalis/schema-message';
import { assert } from '../assert';
import type { Harness } from '../harness/harness';

/** The id of the turn a "crashed process" left behind in `s1` ([DUR-1]). Not public API. */
export const CUT_TURN = 'turn-cut-by-a-crash';

/**
 * Archives in `s1` the opening input `content` of the turn a crashed process left behind
 * ([DUR-1]); returns the harness's archive for what else the case stores of that turn.
 */
export async function seedCutTurn(
  h: Harness,
  content: string,
  source?: MessageSource,
): Promise<MessageArchiveService> {
  const archive = assert.defined('DUR-1', h.services.archive, {
    rule: 'the harness provides an archive in this case',
    subject: 'the archive of the harness',
  });
  const input = h.input(
    source === undefined ? { sessionId: 's1', content } : { sessionId: 's1', content, source },
  );
  await archive.archiveIncoming(input, { turnId: CUT_TURN, entry: 'opened' });
  return archive;
}

/** Appends to s1 the cut turn's assistant message calling `lookup` once per id, none answered. */
export async function seedUnansweredCalls(
  archive: MessageArchiveService,
  ids: readonly string[],
): Promise<void> {
  await archive.append('s1', [
    {
      role: 'assistant',
      content: '',
      toolCalls: ids.map((id) => ({ id, name: 'lookup', arguments: '{}' })),
      metadata: { [Keys.TurnId]: CUT_TURN },
    },
  ]);
}
