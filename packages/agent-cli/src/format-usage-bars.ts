import type { TokenUsageEvent } from '@aalis/api-agent';
import { displayText } from './display-text';
import type { TextStyles } from './terminal-output';

/** Options of {@link formatUsageBars}. */
export interface UsageBarsOptions {
  /** Width of the longest bar, in characters. Default 30. */
  readonly width?: number;
  /** Styles for the header and bars; default plain text. */
  readonly style?: TextStyles;
}

const plain = (text: string) => text;

/**
 * Renders a `token:usage` event as text lines: a header (tokens used of the context window,
 * history messages and limit, trimmed), then one line per non-empty part of `parts` in
 * display order — `label ███ tokens`, bars scaled to the largest part ([USG-7]) — and one
 * line naming the empty parts.
 */
export function formatUsageBars(usage: TokenUsageEvent, options: UsageBarsOptions = {}): string[] {
  const width = options.width ?? 30;
  const style = options.style;
  const dim = style?.dim ?? plain;
  const parts = usage.parts.map((part) => ({ label: displayText(part.label), tokens: part.tokens }));
  const shown = parts.filter((part) => part.tokens > 0);
  const empty = parts.filter((part) => part.tokens <= 0).map((part) => part.label);
  const largest = Math.max(1, ...shown.map((part) => part.tokens));
  const labelWidth = Math.max(0, ...shown.map((part) => part.label.length));
  const numberWidth = Math.max(0, ...shown.map((part) => formatCount(part.tokens).length));
  const lines = [header(usage, style)];
  for (const part of shown) {
    const bar = '█'.repeat(Math.max(1, Math.round((part.tokens / largest) * width)));
    const coloured = style?.cyan(bar) ?? bar;
    lines.push(
      `  ${part.label.padEnd(labelWidth)} ${coloured}${' '.repeat(width - bar.length)} ${formatCount(part.tokens).padStart(numberWidth)}`,
    );
  }
  if (empty.length > 0) lines.push(dim(`  (empty: ${empty.join(', ')})`));
  return lines;
}

function header(usage: TokenUsageEvent, style: TextStyles | undefined): string {
  const percent = (usage.usageRatio * 100).toFixed(1);
  const facts = [
    `${formatCount(usage.used)} of ${formatCount(usage.contextWindow)} tokens (${percent}%)`,
    `${usage.historyMessages} history messages${usage.historyLimit ? ` (limit ${usage.historyLimit})` : ''}`,
    usage.model,
  ];
  if (usage.trimmed) facts.push('trimmed');
  if (usage.snapshot) facts.push('snapshot');
  const text = `usage: ${facts.join(' · ')}`;
  return style?.bold(text) ?? text;
}

function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
