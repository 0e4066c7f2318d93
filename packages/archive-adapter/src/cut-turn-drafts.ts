import type { MessageDraft } from '@aalis/api-message-archive';
import type { TurnRecord } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import type { CutTurnText } from './cut-turn-text';
import type { CutTurn } from './find-cut-turns';

/** What closing a cut turn needs besides the turn. Not public API. */
export interface CutTurnDraftOptions {
  readonly text: CutTurnText;
  readonly createCallId: () => string;
}

/** The record of a closed cut turn: aborted, with the source of its first input ([ARC-8]). */
export function cutTurnRecord(turn: CutTurn): TurnRecord {
  return turn.source === undefined ? { outcome: 'aborted' } : { outcome: 'aborted', source: turn.source };
}

/**
 * The messages that close a cut turn as an aborted turn is closed ([DUR-1]), in order: an
 * error result for each unanswered tool call (turn id and a fresh `CallId`, [ARC-2]), the stop
 * marker unless the turn has one ([ARC-9]), then the event marker with the record ([ARC-8]).
 * Not public API.
 */
export function cutTurnDrafts(turn: CutTurn, options: CutTurnDraftOptions): MessageDraft[] {
  const { turnId } = turn;
  const results = turn.unansweredToolCallIds.map(
    (toolCallId): MessageDraft => ({
      role: 'tool',
      content: options.text.unfinishedToolCall,
      toolCallId,
      metadata: { [Keys.TurnId]: turnId, [Keys.CallId]: options.createCallId() },
    }),
  );
  const stopMarker: MessageDraft[] = turn.stopped
    ? []
    : [
        {
          role: 'system',
          kind: WellKnownKinds.TurnStopped,
          content: options.text.stopMarker,
          metadata: { [Keys.TurnId]: turnId },
        },
      ];
  const eventMarker: MessageDraft = {
    role: 'system',
    kind: WellKnownKinds.EventMarker,
    content: '',
    metadata: { [Keys.TurnId]: turnId, [Keys.TurnRecord]: cutTurnRecord(turn) },
  };
  return [...results, ...stopMarker, eventMarker];
}
