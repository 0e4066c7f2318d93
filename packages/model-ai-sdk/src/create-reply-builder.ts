import type { ChatDelta, ChatFinishReason, ChatResponse, ChatUsage } from '@aalis/api-llm';
import { ModelNetworkError } from '@aalis/model-provider-utils';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { errorOfStreamPart } from './error-of-stream-part';
import { finishReasonOf } from './finish-reason-of';
import { createToolCallCollector, type ToolCallDelta } from './tool-call-collector';
import { usageOf } from './usage-of';

/** A stream part of either specification version; parts of unknown types are skipped. */
export type StreamPart = LanguageModelV3StreamPart | { readonly type: string };

/** Builds one response from the parts of a stream, reporting deltas as they come. */
export interface ReplyBuilder {
  /** Takes one part; throws the failure of an `error` part or of an error finish. */
  add(part: StreamPart): void;
  /** The assembled response; throws `ModelNetworkError` when no `finish` part came (cut off). */
  finish(): ChatResponse;
}

interface Finish {
  readonly usage: ChatUsage | undefined;
  readonly finishReason: ChatFinishReason;
}

/**
 * Creates a builder: `text-delta` and `reasoning-delta` parts are reported as `content` and
 * `reasoning` deltas, tool-input and tool-call parts as `tool-call` deltas (tools the provider
 * runs itself are left out), the `finish` part gives usage and finish reason; other parts
 * (`stream-start`, `response-metadata`, sources, files, `raw`, version 4's `ping`) carry nothing a
 * reply needs.
 */
export function createReplyBuilder(onDelta: (delta: ChatDelta) => void): ReplyBuilder {
  const toolCalls = createToolCallCollector();
  const providerRun = new Set<string>();
  const text = { content: '', reasoning: '' };
  let finished: Finish | undefined;

  function addText(type: 'content' | 'reasoning', piece: string): void {
    if (piece.length === 0) return;
    text[type] += piece;
    onDelta({ type, text: piece });
  }

  function report(delta: ToolCallDelta | undefined): void {
    if (delta !== undefined) onDelta(delta);
  }

  function add(streamPart: StreamPart): void {
    const part = streamPart as LanguageModelV3StreamPart;
    switch (part.type) {
      case 'text-delta':
        addText('content', part.delta);
        return;
      case 'reasoning-delta':
        addText('reasoning', part.delta);
        return;
      case 'tool-input-start':
        if (part.providerExecuted === true) providerRun.add(part.id);
        else report(toolCalls.start(part));
        return;
      case 'tool-input-delta':
        if (!providerRun.has(part.id)) report(toolCalls.inputDelta(part));
        return;
      case 'tool-call':
        if (part.providerExecuted !== true) report(toolCalls.call(part));
        return;
      case 'finish':
        finished = { usage: usageOf(part.usage), finishReason: finishReasonOf(part.finishReason) };
        return;
      case 'error':
        throw errorOfStreamPart(part.error);
      default:
        return;
    }
  }

  function finish(): ChatResponse {
    if (finished === undefined) throw new ModelNetworkError('the model stream ended before its finish');
    return {
      content: text.content,
      toolCalls: toolCalls.finish(),
      ...(text.reasoning.length > 0 ? { reasoning: text.reasoning } : {}),
      ...(finished.usage === undefined ? {} : { usage: finished.usage }),
      finishReason: finished.finishReason,
    };
  }

  return { add, finish };
}
