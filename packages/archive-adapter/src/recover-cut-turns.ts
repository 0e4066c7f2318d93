import { randomUUID } from 'node:crypto';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import { cutTurnDrafts, cutTurnRecord } from './cut-turn-drafts';
import type { CutTurnText } from './cut-turn-text';
import { findCutTurns } from './find-cut-turns';
import { readSessionTail } from './read-session-tail';
import type { RecoveredTurn } from './turn-persistence';

/** What `recoverCutTurns` works on. Not public API. */
export interface RecoverCutTurnsRun {
  readonly archive: MessageArchiveService;
  readonly sessionId: string;
  readonly text: CutTurnText;
  readonly isRunning: (turnId: string) => boolean;
  readonly createCallId?: (() => string) | undefined;
}

/**
 * Closes the cut turns after the session's last recorded turn ([DUR-1]), oldest first, each
 * in one `append` (all or none): error results for its unanswered tool calls, its stop marker
 * (unless it has one), its event marker with the record `aborted`. Resolves with what it
 * closed. Not public API: `TurnPersistence.recoverCutTurns` is.
 */
export async function recoverCutTurns(run: RecoverCutTurnsRun): Promise<RecoveredTurn[]> {
  const tail = await readSessionTail(run.archive, run.sessionId);
  const cut = findCutTurns(tail.messages, tail.recordedTurnIds, run.isRunning);
  const createCallId = run.createCallId ?? randomUUID;
  const recovered: RecoveredTurn[] = [];
  for (const turn of cut) {
    const drafts = cutTurnDrafts(turn, { text: run.text, createCallId });
    const messages = await run.archive.append(run.sessionId, drafts);
    recovered.push({
      turnId: turn.turnId,
      unansweredToolCallIds: turn.unansweredToolCallIds,
      stopMarkerWritten: !turn.stopped,
      record: cutTurnRecord(turn),
      messages,
    });
  }
  return recovered;
}
