import type { ChatDelta, ChatFinishReason, ChatResponse, ChatUsage } from '@aalis/api-llm';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import { DeltaCallbackFailure } from './delta-callback-failure';
import { ModelInvalidResponseError } from './model-invalid-response-error';
import { createToolCallAssembler } from './tool-call-assembler';

/** Options of {@link readChatStream}. */
export interface ReadChatStreamOptions {
  /** Called with each delta as its chunk arrives. */
  readonly onDelta?: (delta: ChatDelta) => void;
}

const finishReasons: Readonly<Record<string, ChatFinishReason>> = {
  stop: 'stop',
  length: 'length',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  content_filter: 'content-filter',
};

function toUsage(usage: CompletionUsage): ChatUsage {
  const figures: { promptTokens?: number; completionTokens?: number; totalTokens?: number } = {};
  if (typeof usage.prompt_tokens === 'number') figures.promptTokens = usage.prompt_tokens;
  if (typeof usage.completion_tokens === 'number') figures.completionTokens = usage.completion_tokens;
  if (typeof usage.total_tokens === 'number') figures.totalTokens = usage.total_tokens;
  return figures;
}

/** Reasoning text of a delta: `reasoning_content` (DeepSeek, vLLM) or `reasoning` (Ollama, OpenRouter). */
function reasoningOf(delta: ChatCompletionChunk.Choice.Delta): string | undefined {
  const extra = delta as { readonly reasoning_content?: unknown; readonly reasoning?: unknown };
  if (typeof extra.reasoning_content === 'string') return extra.reasoning_content;
  return typeof extra.reasoning === 'string' ? extra.reasoning : undefined;
}

function emitter(onDelta: ReadChatStreamOptions['onDelta']): (delta: ChatDelta) => void {
  return (delta) => {
    try {
      onDelta?.(delta);
    } catch (error) {
      throw new DeltaCallbackFailure(error);
    }
  };
}

/**
 * Reads a chat-completions stream into one response, reporting deltas in arrival order:
 * text (`content`, and `refusal` as text), reasoning, and tool-call fragments (assembled by
 * index). Usage comes from the last chunk that carries it (the final usage chunk of
 * `stream_options.include_usage`) and is absent when none did. Only the first choice is
 * read. Throws `ModelInvalidResponseError` when the stream had no chunk at all, and a
 * `DeltaCallbackFailure` when `onDelta` throws.
 */
export async function readChatStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
  options: ReadChatStreamOptions = {},
): Promise<ChatResponse> {
  const emit = emitter(options.onDelta);
  const toolCalls = createToolCallAssembler();
  let content = '';
  let reasoning = '';
  let usage: ChatUsage | undefined;
  let finishReason: ChatFinishReason | undefined;
  let chunkCount = 0;
  for await (const chunk of chunks) {
    chunkCount += 1;
    if (chunk.usage) usage = toUsage(chunk.usage);
    const choice = chunk.choices?.find((candidate) => (candidate.index ?? 0) === 0);
    if (choice === undefined) continue;
    const delta = choice.delta ?? {};
    const text = (delta.content ?? '') + (delta.refusal ?? '');
    if (text.length > 0) {
      content += text;
      emit({ type: 'content', text });
    }
    const thought = reasoningOf(delta);
    if (thought) {
      reasoning += thought;
      emit({ type: 'reasoning', text: thought });
    }
    for (const fragment of delta.tool_calls ?? []) emit(toolCalls.add(fragment));
    if (choice.finish_reason) finishReason = finishReasons[choice.finish_reason] ?? 'other';
  }
  if (chunkCount === 0) throw new ModelInvalidResponseError('the endpoint sent no chunk');
  return {
    content,
    toolCalls: toolCalls.finish(),
    ...(reasoning.length > 0 ? { reasoning } : {}),
    ...(usage === undefined ? {} : { usage }),
    ...(finishReason === undefined ? {} : { finishReason }),
  };
}
