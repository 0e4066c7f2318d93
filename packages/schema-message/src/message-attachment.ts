/** The kinds of file an input can carry. */
export const ATTACHMENT_KINDS = ['image', 'file', 'audio', 'video'] as const;

/** One of {@link ATTACHMENT_KINDS}. */
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** A file attached to an input. At least one of `url` and `data` is present. */
export interface MessageAttachment {
  kind: AttachmentKind;
  /** Where to fetch it (http(s), file or data URL). */
  url?: string;
  /** The content, base64 encoded. */
  data?: string;
  mimeType?: string;
  /** The original file name. */
  name?: string;
  /** Size in bytes. */
  size?: number;
}
