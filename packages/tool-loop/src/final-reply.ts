/** The reply `agent:reply:before` let through. */
export interface FinalReply {
  /** What is handed to the platform. */
  readonly content: string;
  /** What is persisted instead of `content` (a structured-output envelope). */
  readonly archiveContent?: string;
  /** The decoded visible body of such an envelope ([ARC-3]). */
  readonly visibleContent?: string;
}
