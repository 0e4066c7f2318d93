function marker(omitted: number, total: number): string {
  return `\n…[truncated: ${omitted} of ${total} characters omitted]`;
}

/**
 * Cuts a tool result longer than `maxChars` characters, ending it with a marker that says how
 * much was left out; the result is at most `maxChars` long unless the marker alone is
 * longer. A surrogate pair is never split. Shorter results are returned as they are.
 */
export function truncateToolResult(content: string, maxChars: number): string {
  if (!Number.isSafeInteger(maxChars) || maxChars < 1) {
    throw new TypeError('truncateToolResult: maxChars must be a positive integer');
  }
  if (content.length <= maxChars) return content;
  let keep = Math.max(0, maxChars - marker(content.length, content.length).length);
  const last = content.charCodeAt(keep - 1);
  if (keep > 0 && last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return content.slice(0, keep) + marker(content.length - keep, content.length);
}
