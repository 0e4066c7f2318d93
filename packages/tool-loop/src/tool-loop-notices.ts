import type { ToolLoopError } from './tool-loop-error';

/**
 * The one-sentence notices the loop sends to the session ([OUT-2]). Each is sent as an
 * `outbound:message` notice with the turn id and becomes the turn's `error`.
 */
export interface ToolLoopNotices {
  /** The `[系统]` notice when no model could be resolved. */
  readonly modelUnavailable: string;
  /** The `[错误]` notice for a failure that ends the turn. */
  readonly failure: (failure: ToolLoopError) => string;
}
