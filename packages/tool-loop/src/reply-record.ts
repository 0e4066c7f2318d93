import type { FinalReply } from './final-reply';
import type { ReplyRecord } from './tool-loop-persistence';
import type { TurnRun } from './turn-run';

/**
 * What is persisted for a reply ([ARC-3]): the stored text (the envelope, for structured
 * output) and its decoded visible body, the model, the turn's token figures, platform, own
 * identity, group and session type, and whether it was sent ([ARC-5]). The turn's persistence
 * adds the turn id ([ARC-1]).
 */
export function replyRecord(run: TurnRun, reply: FinalReply, sent: boolean): ReplyRecord {
  const { session } = run;
  return {
    content: reply.archiveContent ?? reply.content,
    ...(reply.visibleContent === undefined ? {} : { visibleContent: reply.visibleContent }),
    model: run.model.ref,
    tokens: { ...run.state.tokens },
    platform: run.platform,
    ...(session.selfIdentity === undefined ? {} : { selfIdentity: session.selfIdentity }),
    ...(run.group === undefined ? {} : { group: run.group }),
    ...(run.sessionType === undefined ? {} : { sessionType: run.sessionType }),
    sent,
  };
}
