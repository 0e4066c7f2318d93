import { describe, expect, it } from 'vitest';
import { mcpResultToToolResult } from './mcp-result-to-tool-result';

describe('mcpResultToToolResult', () => {
  it('joins the text blocks by newlines', () => {
    const result = mcpResultToToolResult({
      content: [
        { type: 'text', text: 'one' },
        { type: 'text', text: 'two' },
      ],
    });
    expect(result).toEqual({ content: 'one\ntwo' });
  });

  it('keeps isError, so the model reads the server text as a failure', () => {
    expect(
      mcpResultToToolResult({ content: [{ type: 'text', text: 'no such file' }], isError: true }),
    ).toEqual({
      content: 'no such file',
      isError: true,
    });
  });

  it('prefers text to structured content, and gives structured content as JSON without text', () => {
    expect(
      mcpResultToToolResult({ content: [{ type: 'text', text: 'warm' }], structuredContent: { t: 21 } }),
    ).toEqual({
      content: 'warm',
    });
    expect(mcpResultToToolResult({ content: [], structuredContent: { t: 21 } })).toEqual({
      content: '{"t":21}',
    });
  });

  it('reads a result of the first protocol version as JSON text', () => {
    expect(mcpResultToToolResult({ toolResult: { ok: true } })).toEqual({ content: '{"ok":true}' });
  });

  it('cuts at maxChars and counts the blocks it did not read', () => {
    const blocks = Array.from({ length: 1000 }, () => ({ type: 'text' as const, text: 'y'.repeat(100) }));
    const result = mcpResultToToolResult({ content: blocks }, 250);
    expect(result.content).toMatch(
      /^y{100}\ny{100}\ny{48}\n\[… cut at 250 characters and 997 more content block\(s\)\]$/,
    );
  });

  it('cuts a 1 MiB text of one repeated character', () => {
    const result = mcpResultToToolResult(
      { content: [{ type: 'text', text: 'z'.repeat(1024 * 1024) }] },
      1_000,
    );
    expect(result.content).toHaveLength(1_000 + '\n[… cut at 1000 characters]'.length);
  });
});
