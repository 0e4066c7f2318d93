/**
 * The registered keys of stored-message metadata. Writers use these keys only, so that
 * history, rollback and the timeline read back what the turns did ([ARC-1]..[ARC-3],
 * [ARC-6], [ARC-8]). The value type of each key is in `WellKnownMetadata`.
 *
 * | key | written by | on |
 * |---|---|---|
 * | `TurnId` | archive (inputs), agent | inputs of a turn, tool-call groups, final reply, markers |
 * | `TurnEntry` | archive | inputs of a turn (`opened` / `joined`) |
 * | `TurnRecord` | agent | last persisted reply of a turn, or its event marker |
 * | `CallId` | agent | every tool result, failed calls included |
 * | `Model`, `Tokens` | agent | final reply |
 * | `Platform`, `Group`, `SessionType` | agent (reply), archive (inputs) | final reply, inputs |
 * | `SelfIdentity` | agent | final reply |
 * | `VisibleContent` | agent | final reply that is a structured-output envelope |
 * | `NotSent` | agent | room replies that were persisted but not handed to the platform |
 * | `Injector` | agent (prompt assembly) | messages built by a prompt contribution |
 * | `StoppedBy` | agent | stop marker of a turn stopped by a person |
 * | `Sender`, `Source`, `TriggerType`, `Attachments`, `ReplyTo`, `PlatformMessageId` | archive | inputs |
 */
export const WellKnownMetadataKeys = {
  /** The turn a message belongs to: `string`. */
  TurnId: 'turnId',
  /** How an input entered its turn: `TurnEntry`. */
  TurnEntry: 'turnEntry',
  /** The turn's outcome and source: `TurnRecord`. */
  TurnRecord: 'turnRecord',
  /** The agent's id of one tool call: `string` ([TID-3], [ARC-2]). */
  CallId: 'callId',
  /** The model that produced the reply: `string`. */
  Model: 'model',
  /** Token figures of the turn's model calls: `MessageTokens`. */
  Tokens: 'tokens',
  /** The platform of the turn: `string`. */
  Platform: 'platform',
  /** The assistant's own identity on that platform: `SelfIdentity`. */
  SelfIdentity: 'selfIdentity',
  /** The group of the turn: `GroupReference`. */
  Group: 'group',
  /** Group or private conversation: `SessionType`. */
  SessionType: 'sessionType',
  /** The decoded visible body of a structured-output envelope: `string`. */
  VisibleContent: 'visibleContent',
  /** Persisted but not handed to the platform (room rule, [ARC-5]): `true`. */
  NotSent: 'notSent',
  /** Global key `pluginInstanceId/localId` of the prompt contribution that built it: `string`. */
  Injector: 'injector',
  /** Who stopped the turn, on its stop marker ([ARC-9]): `MessageActor`. */
  StoppedBy: 'stoppedBy',
  /** The sender of an input: `MessageSender`. */
  Sender: 'sender',
  /** The source of an injected input: `MessageSource`. */
  Source: 'source',
  /** What caused an input: `TriggerType`. */
  TriggerType: 'triggerType',
  /** Files of an input: `MessageAttachment[]`. */
  Attachments: 'attachments',
  /** The platform message an input replies to: `ReplyReference`. */
  ReplyTo: 'replyTo',
  /** The platform's id of an input: `string`. */
  PlatformMessageId: 'platformMessageId',
} as const;

/** One of the values of {@link WellKnownMetadataKeys}. */
export type WellKnownMetadataKey = (typeof WellKnownMetadataKeys)[keyof typeof WellKnownMetadataKeys];
