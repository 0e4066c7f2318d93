/**
 * `agent:reply:before` — before the turn's reply is emitted ([HK-7]). Middlewares may rewrite
 * `content`, `archiveContent` and `visibleContent`. To ask for a format retry, a middleware
 * sets `retry` (while `attempt < maxRetries`): the agent then makes another model call with
 * the feedback, which is itself a model call with its own `token:usage` ([USG-1]), and runs
 * this hook again with `attempt + 1`. The dropped version is persisted but not sent
 * ([ARC-5]).
 */
export interface AgentReplyBeforePayload {
  /** The reply text that will be sent. */
  content: string;
  /** What is persisted instead of `content`, when it differs (e.g. the raw envelope). */
  archiveContent?: string;
  /** The decoded visible body of a structured-output envelope ([ARC-3]). */
  visibleContent?: string;
  readonly sessionId: string;
  readonly turnId: string;
  /** 0 for the model's first reply, n for the n-th format retry. */
  readonly attempt: number;
  /** The most format retries this turn may make. */
  readonly maxRetries: number;
  /** Set by a middleware to ask for a format retry, with feedback for the model. */
  retry?: { readonly feedback: string };
}
