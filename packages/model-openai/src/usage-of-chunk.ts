import type { ChatUsage } from '@aalis/api-llm';
import { isRecord, type WireRecord } from './is-record';

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function toUsage(usage: WireRecord): ChatUsage | undefined {
  const figures: { promptTokens?: number; completionTokens?: number; totalTokens?: number } = {};
  const prompt = count(usage.prompt_tokens);
  const completion = count(usage.completion_tokens);
  const total = count(usage.total_tokens);
  if (prompt !== undefined) figures.promptTokens = prompt;
  if (completion !== undefined) figures.completionTokens = completion;
  if (total !== undefined) figures.totalTokens = total;
  return Object.keys(figures).length === 0 ? undefined : figures;
}

/**
 * The token usage a chunk carries: its `usage` (the final chunk of
 * `stream_options.include_usage`, or Perplexity's running totals on every chunk), else
 * `x_groq.usage` (Groq's last chunk). `undefined` when it carries no token count.
 */
export function usageOfChunk(chunk: WireRecord): ChatUsage | undefined {
  if (isRecord(chunk.usage)) {
    const usage = toUsage(chunk.usage);
    if (usage !== undefined) return usage;
  }
  const groq = chunk.x_groq;
  return isRecord(groq) && isRecord(groq.usage) ? toUsage(groq.usage) : undefined;
}
