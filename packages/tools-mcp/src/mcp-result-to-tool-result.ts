import type { ToolResult } from '@aalis/api-tools';
import type { MessageAttachment } from '@aalis/schema-message';
import type { CallToolResult, CompatibilityCallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeContentBlock } from './describe-content-block';

/** The longest text a result keeps by default, in characters. */
export const DEFAULT_MAX_RESULT_CHARS = 100_000;

/**
 * The `ToolResult` of an MCP tool call: the text of every content block joined by newlines
 * (non-text blocks summarised by `describeContentBlock`), `structuredContent` as JSON when no
 * block is text, `isError` kept, images and audio also as attachments. The text is cut at
 * `maxChars`, saying so; blocks past the cut are counted, not read, so the cost stays linear.
 * A result of the protocol's first version (`toolResult`) is read as JSON text.
 */
export function mcpResultToToolResult(
  answer: CallToolResult | CompatibilityCallToolResult,
  maxChars = DEFAULT_MAX_RESULT_CHARS,
): ToolResult {
  const result = current(answer);
  const blocks = result.content;
  const parts: string[] = [];
  let length = 0;
  let index = 0;
  for (; index < blocks.length && length <= maxChars; index++) {
    const part = describeContentBlock(blocks[index]!);
    parts.push(part.length > maxChars ? part.slice(0, maxChars + 1) : part);
    length += part.length + 1;
  }
  const hasText = blocks.some((block) => block.type === 'text');
  if (!hasText && result.structuredContent !== undefined && length <= maxChars)
    parts.push(JSON.stringify(result.structuredContent));
  const text = cut(parts.join('\n'), maxChars, blocks.length - index);
  const attachments = attachmentsOf(blocks);
  return {
    content: text,
    ...(result.isError === true ? { isError: true } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

function current(answer: CallToolResult | CompatibilityCallToolResult): CallToolResult {
  if (Array.isArray(answer.content)) return answer as CallToolResult;
  const text = JSON.stringify(answer.toolResult ?? null) ?? 'null';
  return { content: [{ type: 'text', text }] };
}

function cut(text: string, maxChars: number, blocksLeft: number): string {
  if (text.length <= maxChars && blocksLeft === 0) return text;
  const more = blocksLeft > 0 ? ` and ${blocksLeft} more content block(s)` : '';
  return `${text.slice(0, maxChars)}\n[… cut at ${maxChars} characters${more}]`;
}

function attachmentsOf(blocks: CallToolResult['content']): MessageAttachment[] {
  const attachments: MessageAttachment[] = [];
  for (const block of blocks) {
    if (block.type === 'image' || block.type === 'audio')
      attachments.push({ kind: block.type, data: block.data, mimeType: block.mimeType });
  }
  return attachments;
}
