import type { Message } from '@aalis/schema-message';
import type { FinalReply } from './final-reply';
import { persistWrite } from './persist';
import { publish } from './publish';
import { replyRecord } from './reply-record';
import { throwIfAborted } from './throw-if-aborted';
import type { TurnRun } from './turn-run';

/**
 * Persists the final reply after the last model call ([OUT-1], [ARC-3]) and hands it to the
 * platform as `outbound:message` with the turn id ([TID-2]). In `room` sessions this is the
 * only message of the turn that goes out ([ARC-5]). Nothing is persisted once the turn
 * aborted.
 */
export async function sendReply(run: TurnRun, reply: FinalReply): Promise<Message | undefined> {
  throwIfAborted(run.signal);
  const stored = await persistWrite(run, 'persistReply', () =>
    run.persistence.persistReply(replyRecord(run, reply, true)),
  );
  await publish(run, 'outbound:message', {
    message: {
      sessionId: run.turn.sessionId,
      turnId: run.turn.turnId,
      content: reply.content,
      kind: 'reply',
      platform: run.platform,
      ...(stored === undefined ? {} : { archivedMessageId: stored.id }),
    },
  });
  return stored;
}
