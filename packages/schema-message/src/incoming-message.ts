import type { MessageAttachment } from './message-attachment';
import type { SessionType } from './session-type';
import type { TextRef } from './text-ref';
import type { TriggerType } from './trigger-type';

/**
 * The authorised identity behind an input (who may stop turns, run commands, …). The same
 * shape is `by` of `AgentService.abort` ([ABT-6]).
 */
export interface MessageActor {
  /** Stable id of the person, unique on `platform` (or across platforms when absent). */
  id: string;
  /** Display name. */
  name?: string;
  /** The platform the id belongs to. */
  platform?: string;
  /** Roles granted to this person (e.g. `admin`). */
  roles?: string[];
}

/**
 * Where an injected input comes from (a scheduler, a subtask, a proactive trigger, …). Its
 * presence makes the input an injection, which always forms its own turn ([SCH-4]); human
 * inputs have no source.
 */
export interface MessageSource {
  /** What kind of injector, e.g. `scheduler`, `subtask`, `proactive`. */
  kind: string;
  /** The injector's own id for this input (a job id, a subtask id, …). */
  id?: string;
  /** A display name for the injector. */
  label?: string | TextRef;
}

/** The platform message an input replies to. */
export interface ReplyReference {
  /** The platform's id of the message replied to. */
  messageId: string;
  /** Its text, when the platform gives it. */
  content?: string;
  userId?: string;
  nickname?: string;
}

/**
 * One input handed to `AgentService.handleMessage`. Validated at the edge with
 * `parseIncomingMessage` ([SVC-3]); preprocessors on `agent:input:before` may rewrite it
 * in place ([PRE-1]), so its properties are writable.
 */
export interface IncomingMessage {
  /** The text of the input (may be empty, e.g. an image without caption). */
  content: string;
  /** The conversation this input belongs to. */
  sessionId: string;
  /** The platform it came from (`qq`, `discord`, `web`, …). */
  platform: string;
  /** The sender's id on the platform. */
  userId: string;
  /** The sender's display name. */
  nickname?: string;
  /** The authorised identity of the sender, when known ([ABT-6]). */
  actor?: MessageActor;
  /** Present for injections, absent for human inputs ([SCH-4], [SCH-7]). */
  source?: MessageSource;
  /** What caused the input to reach the agent. */
  triggerType?: TriggerType;
  /** Group or private conversation. */
  sessionType?: SessionType;
  /** The platform's group id, for group conversations. */
  groupId?: string;
  /** The group's display name. */
  groupName?: string;
  attachments?: MessageAttachment[];
  /** The platform message this input replies to. */
  replyTo?: ReplyReference;
  /** The platform's id of this input. */
  messageId?: string;
  /** When the input was sent, in milliseconds since the epoch. */
  timestamp?: number;
}
