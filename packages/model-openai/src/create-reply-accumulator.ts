import type { ChatDelta, ChatFinishReason, ChatResponse, ChatUsage } from '@aalis/api-llm';
import { assertChatChunk } from './assert-chat-chunk';
import { contentPieces } from './content-pieces';
import { isRecord, type WireRecord } from './is-record';
import { createToolCallAssembler } from './tool-call-assembler';
import { usageOfChunk } from './usage-of-chunk';

/** Builds one response from the chunks of a stream, reporting deltas as they come. */
export interface ReplyAccumulator {
  /** Takes one parsed chunk that is not an error. */
  add(chunk: WireRecord): void;
  /** How many chunks were added. */
  chunkCount(): number;
  /** The finish reason of the first choice, once a chunk carried one. */
  finishReason(): ChatFinishReason | undefined;
  /** The assembled response; throws `ModelInvalidResponseError` for a tool call without a name. */
  finish(): ChatResponse;
}

const finishReasons: Readonly<Record<string, ChatFinishReason>> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};

/** Reasoning text of a delta: `reasoning_content` (DeepSeek, vLLM) or `reasoning` (Ollama, OpenRouter). */
function reasoningOf(delta: WireRecord): string | undefined {
  if (typeof delta.reasoning_content === 'string') return delta.reasoning_content;
  return typeof delta.reasoning === 'string' ? delta.reasoning : undefined;
}

/** The first choice (index 0, or without an index) of a chunk. */
function firstChoice(chunk: WireRecord): WireRecord | undefined {
  if (!Array.isArray(chunk.choices)) return undefined;
  const choice: unknown = chunk.choices.find(
    (candidate: unknown) => isRecord(candidate) && (candidate.index ?? 0) === 0,
  );
  return isRecord(choice) ? choice : undefined;
}

/**
 * Creates an accumulator reading the first choice of each chunk: reasoning fields, then
 * `content` (a string, or Mistral's list of `text` and `thinking` parts), then `refusal` as
 * text, then tool-call fragments; usage from the last chunk that carries any. Every delta
 * reaches `onDelta` at once. A chunk of
 * a legacy completions stream throws `ModelInvalidResponseError`.
 */
export function createReplyAccumulator(onDelta?: (delta: ChatDelta) => void): ReplyAccumulator {
  const emit = onDelta ?? (() => {});
  const toolCalls = createToolCallAssembler();
  const text = { content: '', reasoning: '' };
  let usage: ChatUsage | undefined;
  let finishReason: ChatFinishReason | undefined;
  let chunks = 0;

  function addText(type: 'content' | 'reasoning', piece: string): void {
    if (piece.length === 0) return;
    text[type] += piece;
    emit({ type, text: piece });
  }

  function addDelta(delta: WireRecord): void {
    addText('reasoning', reasoningOf(delta) ?? '');
    for (const piece of contentPieces(delta.content)) addText(piece.type, piece.text);
    if (typeof delta.refusal === 'string') addText('content', delta.refusal);
    if (Array.isArray(delta.tool_calls))
      for (const fragment of delta.tool_calls) emit(toolCalls.add(fragment));
  }

  function add(chunk: WireRecord): void {
    assertChatChunk(chunk);
    chunks += 1;
    usage = usageOfChunk(chunk) ?? usage;
    const choice = firstChoice(chunk);
    if (choice === undefined) return;
    if (isRecord(choice.delta)) addDelta(choice.delta);
    const reason = choice.finish_reason;
    if (typeof reason === 'string' && reason.length > 0) finishReason = finishReasons[reason] ?? 'other';
  }

  return {
    add,
    chunkCount: () => chunks,
    finishReason: () => finishReason,
    finish: () => ({
      content: text.content,
      toolCalls: toolCalls.finish(),
      ...(text.reasoning.length > 0 ? { reasoning: text.reasoning } : {}),
      ...(usage === undefined ? {} : { usage }),
      ...(finishReason === undefined ? {} : { finishReason }),
    }),
  };
}
