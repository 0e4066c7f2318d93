/**
 * A tool call the model asked for, as stored on an assistant message and returned in a
 * chat response. `id` is the model's call id, answered by a `tool` message whose
 * `toolCallId` equals it.
 */
export interface ToolCall {
  readonly id: string;
  /** The tool's name. */
  readonly name: string;
  /** The arguments exactly as the model produced them (a JSON text, possibly malformed). */
  readonly arguments: string;
}
