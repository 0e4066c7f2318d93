import type { Message, MessageActor, ToolCall, TurnEntry, TurnRecord } from '@aalis/schema-message';

/** An input of a turn, with how it entered ([ARC-6]). */
export interface TimelineInputSegment {
  readonly type: 'input';
  readonly entry: TurnEntry | undefined;
  readonly message: Message;
}

/**
 * Text the assistant said: a reply, or the text of an assistant message that also asked for
 * tool calls. `notSent` marks room text persisted but not handed to the platform ([ARC-5]).
 */
export interface TimelineTextSegment {
  readonly type: 'text';
  readonly notSent: boolean;
  readonly message: Message;
}

/**
 * One tool call and its result ([ARC-2]): `callId` is the agent's id of the call (from the
 * result's metadata), `toolCallId` the model's. `call` is absent only for a result whose
 * assistant message is missing; `result` only for a call without a stored result.
 */
export interface TimelineToolCallSegment {
  readonly type: 'tool_call';
  readonly callId: string | undefined;
  readonly toolCallId: string;
  readonly call: ToolCall | undefined;
  /** The assistant message that asked for the call. */
  readonly assistantMessageId: string | undefined;
  readonly result: Message | undefined;
}

/** A piece of a turn, in stored order. */
export type TimelineSegment = TimelineInputSegment | TimelineTextSegment | TimelineToolCallSegment;

/** One turn of a session as it happened. */
export interface TimelineTurn {
  readonly type: 'turn';
  readonly turnId: string;
  readonly segments: readonly TimelineSegment[];
  /** The turn record ([ARC-8]); absent while the turn runs, or when it was never written. */
  readonly record: TurnRecord | undefined;
  /** Whether a stop marker was written for the turn ([ARC-9]). */
  readonly stopped: boolean;
  /** Who stopped it, when a person did ([ABT-6]). */
  readonly stoppedBy: MessageActor | undefined;
}

/** A message outside any turn, e.g. an input released without a turn ([ABT-3]). */
export interface TimelineMessage {
  readonly type: 'message';
  readonly message: Message;
}

/** A session's history as a sequence of turns and loose messages, oldest first. */
export interface SessionTimeline {
  readonly sessionId: string;
  readonly items: readonly (TimelineTurn | TimelineMessage)[];
}
