import type { Message, MessageActor, TurnEntry, TurnRecord } from '@aalis/schema-message';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import type {
  SessionTimeline,
  TimelineMessage,
  TimelineSegment,
  TimelineToolCallSegment,
  TimelineTurn,
} from './session-timeline';

interface TurnBuilder {
  readonly turnId: string;
  readonly segments: TimelineSegment[];
  record: TurnRecord | undefined;
  stopped: boolean;
  stoppedBy: MessageActor | undefined;
  /** Calls of the latest tool-call group still waiting for their result, by model call id. */
  pending: Map<string, number>;
}

/**
 * Restores the timeline of a session from its stored messages (oldest first, markers
 * included): messages sharing a turn id form one turn, placed where its first message is;
 * inputs keep their entry, assistant text its not-sent mark, each tool call its `callId` and
 * result; the turn record and stop marker become fields of the turn ([ARC-2], [ARC-5],
 * [ARC-6], [ARC-8], [ARC-9]). Messages without turn id are loose items.
 */
export function buildTimeline(sessionId: string, messages: readonly Message[]): SessionTimeline {
  const items: (TurnBuilder | TimelineMessage)[] = [];
  const turns = new Map<string, TurnBuilder>();
  for (const message of messages) {
    const turnId = message.metadata[Keys.TurnId];
    if (turnId === undefined) {
      items.push({ type: 'message', message });
      continue;
    }
    let turn = turns.get(turnId);
    if (turn === undefined) {
      turn = {
        turnId,
        segments: [],
        record: undefined,
        stopped: false,
        stoppedBy: undefined,
        pending: new Map(),
      };
      turns.set(turnId, turn);
      items.push(turn);
    }
    addToTurn(turn, message);
  }
  return { sessionId, items: items.map(finishItem) };
}

function addToTurn(turn: TurnBuilder, message: Message): void {
  const record = message.metadata[Keys.TurnRecord];
  if (record !== undefined) turn.record = record;
  if (message.kind === WellKnownKinds.EventMarker) return;
  if (message.kind === WellKnownKinds.TurnStopped) {
    turn.stopped = true;
    turn.stoppedBy = message.metadata[Keys.StoppedBy];
    return;
  }
  if (message.role === 'user') {
    const entry: TurnEntry | undefined = message.metadata[Keys.TurnEntry];
    turn.segments.push({ type: 'input', entry, message });
  } else if (message.role === 'tool') {
    addToolResult(turn, message);
  } else {
    addAssistantMessage(turn, message);
  }
}

function addAssistantMessage(turn: TurnBuilder, message: Message): void {
  const toolCalls = message.toolCalls ?? [];
  if (message.content !== '' || toolCalls.length === 0) {
    turn.segments.push({ type: 'text', notSent: message.metadata[Keys.NotSent] === true, message });
  }
  if (toolCalls.length === 0) return;
  turn.pending = new Map();
  for (const call of toolCalls) {
    turn.pending.set(call.id, turn.segments.length);
    turn.segments.push({
      type: 'tool_call',
      callId: undefined,
      toolCallId: call.id,
      call,
      assistantMessageId: message.id,
      result: undefined,
    });
  }
}

function addToolResult(turn: TurnBuilder, message: Message): void {
  const callId = message.metadata[Keys.CallId];
  const toolCallId = message.toolCallId ?? '';
  const index = turn.pending.get(toolCallId);
  const waiting = index === undefined ? undefined : turn.segments[index];
  if (index !== undefined && waiting?.type === 'tool_call') {
    turn.pending.delete(toolCallId);
    turn.segments[index] = { ...waiting, callId, result: message };
    return;
  }
  const orphan: TimelineToolCallSegment = {
    type: 'tool_call',
    callId,
    toolCallId,
    call: undefined,
    assistantMessageId: undefined,
    result: message,
  };
  turn.segments.push(orphan);
}

function finishItem(item: TurnBuilder | TimelineMessage): TimelineTurn | TimelineMessage {
  if ('type' in item) return item;
  return {
    type: 'turn',
    turnId: item.turnId,
    segments: item.segments,
    record: item.record,
    stopped: item.stopped,
    stoppedBy: item.stoppedBy,
  };
}
