import type { Message, MessageSource } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';

/** A turn whose messages are stored but whose record is not ([DUR-1]). Not public API. */
export interface CutTurn {
  readonly turnId: string;
  /** The source of the turn's first input, as its record would carry it ([SCH-7]). */
  readonly source: MessageSource | undefined;
  /** The model's ids of the turn's tool calls that have no result, in stored order. */
  readonly unansweredToolCallIds: readonly string[];
  /** Whether the turn already has its stop marker ([ARC-9]). */
  readonly stopped: boolean;
}

interface CutTurnBuilder {
  readonly turnId: string;
  source: MessageSource | undefined;
  sawInput: boolean;
  stopped: boolean;
  readonly unanswered: string[];
  /** Calls of the turn's latest tool-call group still waiting for a result. */
  pending: Set<string>;
}

/**
 * The turns of `messages` (a session's tail, oldest first) that carry a turn id, have no
 * record (`recordedTurnIds`) and are not running, in the order they started. A result
 * answers a call of the latest tool-call group before it, as the timeline matches them.
 * Not public API.
 */
export function findCutTurns(
  messages: readonly Message[],
  recordedTurnIds: ReadonlySet<string>,
  isRunning: (turnId: string) => boolean,
): CutTurn[] {
  const turns = new Map<string, CutTurnBuilder>();
  for (const message of messages) {
    const turnId = message.metadata[Keys.TurnId];
    if (turnId === undefined || recordedTurnIds.has(turnId)) continue;
    let turn = turns.get(turnId);
    if (turn === undefined) {
      turn = {
        turnId,
        source: undefined,
        sawInput: false,
        stopped: false,
        unanswered: [],
        pending: new Set(),
      };
      turns.set(turnId, turn);
    }
    addMessage(turn, message);
  }
  return [...turns.values()].filter((turn) => !isRunning(turn.turnId)).map(finishCutTurn);
}

function addMessage(turn: CutTurnBuilder, message: Message): void {
  if (message.kind === WellKnownKinds.TurnStopped) {
    turn.stopped = true;
  } else if (message.role === 'user' && !turn.sawInput) {
    turn.sawInput = true;
    turn.source = message.metadata[Keys.Source];
  } else if (message.role === 'tool') {
    turn.pending.delete(message.toolCallId ?? '');
  } else if (message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0) {
    turn.unanswered.push(...turn.pending);
    turn.pending = new Set(message.toolCalls?.map((call) => call.id));
  }
}

function finishCutTurn(turn: CutTurnBuilder): CutTurn {
  return {
    turnId: turn.turnId,
    source: turn.source,
    unansweredToolCallIds: [...turn.unanswered, ...turn.pending],
    stopped: turn.stopped,
  };
}
