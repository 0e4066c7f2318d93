import type { MessageAttachment } from '@aalis/schema-message';

/** What a tool call gives back to the model. */
export interface ToolResult {
  /** The text the model reads as the tool's answer. */
  readonly content: string;
  /** True when the call failed; `content` then says why. */
  readonly isError?: boolean;
  /** Files the tool produced (images are shown to models that can see them). */
  readonly attachments?: readonly MessageAttachment[];
}

/** What a tool's `execute` may return: plain text is a successful result. */
export type ToolOutput = string | ToolResult;
