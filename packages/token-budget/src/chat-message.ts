/**
 * One part of a multi-part message content. Text parts (`{ type: 'text', text }`) are counted as
 * text; image parts (`image_url`, `image`, `input_image`) by OpenAI's image rule: 85 tokens at
 * `detail: 'low'`, else by their `width` and `height` when the part gives them, else the
 * counter's `imageTokens`; any other part is counted as its JSON.
 */
export interface ChatContentPart {
  readonly type: string;
  readonly text?: string;
  /** A URL (Responses `input_image`) or `{ url, detail? }` (Chat Completions `image_url`). */
  readonly image_url?: unknown;
  /** The detail of an image part in the Responses shape: `'low'`, `'high'` or `'auto'`. */
  readonly detail?: string;
  /** The width of an image in pixels, when known (not an OpenAI field: strip it before sending). */
  readonly width?: number;
  /** The height of an image in pixels, when known (not an OpenAI field: strip it before sending). */
  readonly height?: number;
}

/** A tool call in the OpenAI Chat Completions wire shape. */
export interface OpenAIToolCall {
  readonly id?: string;
  readonly type?: string;
  readonly function: { readonly name: string; readonly arguments?: unknown };
}

/** A tool call in the camelCase shape of Aalis messages (`arguments` as a string or an object). */
export interface CamelCaseToolCall {
  readonly id?: string;
  readonly name: string;
  readonly arguments?: unknown;
}

/**
 * A chat message this package can count. It accepts both the OpenAI Chat Completions shape
 * (`tool_calls`, `tool_call_id`) and the camelCase shape (`toolCalls`, `toolCallId`); other
 * properties (ids, metadata, timestamps) are ignored.
 *
 * Messages are treated as values: the counter remembers a message object's figure and reuses it
 * while its `role`, `content`, `name`, tool calls and tool call id are the same references.
 * Replacing one of those properties is noticed; editing inside a content array or a tool-call
 * object in place is not, so copy a message instead of editing it in place.
 */
export interface ChatMessageLike {
  readonly role: string;
  readonly content?: string | null | readonly ChatContentPart[];
  readonly name?: string | null;
  readonly tool_calls?: readonly OpenAIToolCall[] | null;
  readonly toolCalls?: readonly CamelCaseToolCall[] | null;
  readonly tool_call_id?: string | null;
  readonly toolCallId?: string | null;
}
