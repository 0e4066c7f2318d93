import type { ChatDelta } from '@aalis/api-llm';
import type { ToolCall } from '@aalis/schema-message';

/** The delta reported for a piece of a tool call. */
export type ToolCallDelta = ChatDelta & { readonly type: 'tool-call' };

interface CollectedCall {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  argumentsText: string;
  /** Whether input deltas were reported for it. */
  streamed: boolean;
}

/** The tool-call parts of a stream as the calls the caller runs; see {@link createToolCallCollector}. */
export interface ToolCallCollector {
  /** A `tool-input-start` part: reports the call's id and name. */
  start(part: { readonly id: string; readonly toolName: string }): ToolCallDelta;
  /** A `tool-input-delta` part: reports the arguments text, or nothing for an unknown call. */
  inputDelta(part: { readonly id: string; readonly delta: string }): ToolCallDelta | undefined;
  /**
   * A `tool-call` part: the whole call. Reports the call with its whole arguments when no input
   * deltas came for it, nothing otherwise.
   */
  call(part: {
    readonly toolCallId: string;
    readonly toolName: string;
    readonly input: string;
  }): ToolCallDelta | undefined;
  /** The calls in order of first appearance. */
  finish(): ToolCall[];
}

/**
 * Collects the tool calls of one streamed reply. Each call is numbered (`index`) in the order
 * it first appears; its arguments are the `input` of its final `tool-call` part, else its input
 * deltas joined. Parts of tools the provider runs itself (`providerExecuted`) are not given to
 * the collector.
 */
export function createToolCallCollector(): ToolCallCollector {
  const calls = new Map<string, CollectedCall>();

  function open(id: string, name: string): CollectedCall {
    const call: CollectedCall = { index: calls.size, id, name, argumentsText: '', streamed: false };
    calls.set(id, call);
    return call;
  }

  return {
    start: (part) => {
      const call = calls.get(part.id) ?? open(part.id, part.toolName);
      return { type: 'tool-call', index: call.index, id: call.id, name: call.name };
    },
    inputDelta: (part) => {
      const call = calls.get(part.id);
      if (call === undefined || part.delta.length === 0) return undefined;
      call.argumentsText += part.delta;
      call.streamed = true;
      return { type: 'tool-call', index: call.index, argumentsText: part.delta };
    },
    call: (part) => {
      const known = calls.get(part.toolCallId);
      const call = known ?? open(part.toolCallId, part.toolName);
      const wasStreamed = call.streamed;
      call.argumentsText = part.input;
      if (wasStreamed) return undefined;
      const named = known === undefined ? { id: call.id, name: call.name } : {};
      return { type: 'tool-call', index: call.index, ...named, argumentsText: part.input };
    },
    finish: () =>
      [...calls.values()].map((call) => ({ id: call.id, name: call.name, arguments: call.argumentsText })),
  };
}
