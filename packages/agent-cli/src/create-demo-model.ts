import {
  ChatAbortedError,
  type ChatDelta,
  type ChatRequest,
  type ChatResponse,
  type LlmService,
  ModelNotFoundError,
  type ResolvedModel,
} from '@aalis/api-llm';
import type { ToolCall } from '@aalis/schema-message';
import { createTokenCounter } from '@aalis/token-budget';
import { type DemoPlan, planDemoResponse } from './plan-demo-response';

/** The reference of the demo model. */
export const DEMO_MODEL_REF = 'demo/scripted';

/** Options of {@link createDemoModel}. */
export interface DemoModelOptions {
  /** Milliseconds between streamed words of an ordinary reply. Default 0. */
  readonly chunkDelayMs?: number;
  /** Milliseconds between streamed words of a story (long enough to be stopped). Default 40. */
  readonly storyChunkDelayMs?: number;
  /** The context window it reports. Default 16,384. */
  readonly contextWindow?: number;
}

/**
 * A deterministic scripted model service (`demo/scripted`) that needs no network: the same
 * request always gets the same response. It asks for the `clock` tool when a message asks
 * for the time and the `arithmetic` tool for every expression (`12*7`), then answers with
 * the tool results; it tells a long, slowly streamed story when asked (so it can be
 * stopped), notes a previous reply that was stopped ([ARC-9]) and otherwise answers plainly.
 * Replies and tool calls stream as deltas before the call resolves; `usage.promptTokens` is
 * the token count of the messages and tool definitions it was sent. An aborted signal
 * rejects with `ChatAbortedError` at once, also while streaming ([ABT-1]).
 */
export function createDemoModel(options: DemoModelOptions = {}): LlmService {
  const model: ResolvedModel = Object.freeze({
    ref: DEMO_MODEL_REF,
    provider: 'demo',
    model: 'scripted',
    capabilities: Object.freeze({
      vision: false,
      toolCalls: true,
      thinking: false,
      contextWindow: options.contextWindow ?? 16_384,
      maxOutputTokens: 1_024,
    }),
  });
  const counter = createTokenCounter();
  return {
    resolveModel: async (ref) =>
      ref === undefined || ref === DEMO_MODEL_REF || ref === 'scripted' ? model : undefined,
    async chat(request) {
      if (request.model?.ref !== DEMO_MODEL_REF) throw new ModelNotFoundError(String(request.model?.ref));
      throwIfAborted(request.signal);
      const plan = planDemoResponse(request);
      const delay =
        plan.kind === 'reply' && plan.slow ? (options.storyChunkDelayMs ?? 40) : (options.chunkDelayMs ?? 0);
      await streamText(plan.text, { request, delay });
      const toolCalls = plan.kind === 'tools' ? toolCallsOf(plan, request) : [];
      toolCalls.forEach((call, index) => {
        request.onDelta?.({
          type: 'tool-call',
          index,
          id: call.id,
          name: call.name,
          argumentsText: call.arguments,
        });
      });
      throwIfAborted(request.signal);
      const promptTokens = counter.estimateRequest({
        messages: request.messages,
        tools: request.tools ?? [],
      });
      const completionTokens =
        counter.countText(plan.text) +
        toolCalls.reduce((sum, call) => sum + counter.countText(call.arguments), 0);
      return {
        content: plan.text,
        toolCalls,
        usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
        finishReason: toolCalls.length > 0 ? 'tool-calls' : 'stop',
      } satisfies ChatResponse;
    },
  };
}

function toolCallsOf(plan: Extract<DemoPlan, { kind: 'tools' }>, request: ChatRequest): ToolCall[] {
  const prefix = `call_${fingerprint(request)}`;
  return plan.calls.map((call, index) => ({
    id: `${prefix}_${index}`,
    name: call.name,
    arguments: JSON.stringify(call.args),
  }));
}

/** FNV-1a over the conversation: deterministic and distinct per point of a conversation. */
function fingerprint(request: ChatRequest): string {
  let hash = 0x811c9dc5;
  for (const message of request.messages) {
    const text = `${message.role}\u0000${message.content}\u0000${message.toolCallId ?? ''}\u0001`;
    for (let index = 0; index < text.length; index += 1) {
      hash ^= text.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash.toString(16).padStart(8, '0');
}

async function streamText(text: string, { request, delay }: { request: ChatRequest; delay: number }) {
  const words = text.match(/\S+\s*/g) ?? [];
  for (const [index, word] of words.entries()) {
    // Like a real stream, words arrive in separate ticks (never all within one).
    if (index > 0) await wait(delay, request.signal);
    throwIfAborted(request.signal);
    request.onDelta?.({ type: 'content', text: word } satisfies ChatDelta);
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new ChatAbortedError({ cause: signal.reason });
}

function wait(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted === true) return Promise.reject(new ChatAbortedError({ cause: signal.reason }));
  if (milliseconds <= 0) {
    return new Promise((resolve) => setImmediate(resolve)).then(() => throwIfAborted(signal));
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ChatAbortedError({ cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
