import type { MessageBucket } from './token-budget-bucket';

/** Which bucket a message belongs to and, optionally, which injector put it in the prompt. */
export interface MessageAttribution {
  readonly bucket: MessageBucket;
  /** The injector's global key, `pluginInstanceId/localId` [PRM-3]. */
  readonly injector?: string;
}

/** A piece of a message's text attributed on its own (a contribution inside a system prompt). */
export interface MessageSegment extends MessageAttribution {
  /** The piece's text; it is counted as plain text. */
  readonly text: string;
}

/**
 * A message made of several attributed pieces: each segment gets the tokens of its text, and
 * `rest` gets what the message costs beyond them (framing, text outside the segments).
 */
export interface SegmentedAttribution {
  readonly segments: readonly MessageSegment[];
  readonly rest: MessageBucket | MessageAttribution;
}

/** What a classifier says about one message. */
export type MessageClassification = MessageBucket | MessageAttribution | SegmentedAttribution;

/** Says which bucket (and injector) each message of a prompt belongs to. */
export type MessageClassifier<Message> = (message: Message, index: number) => MessageClassification;
