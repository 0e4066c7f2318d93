import type { ChatDelta } from '@aalis/api-llm';
import type { ToolCall } from '@aalis/schema-message';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ModelInvalidResponseError } from './model-invalid-response-error';

type ToolCallFragment = ChatCompletionChunk.Choice.Delta.ToolCall;

interface PartialToolCall {
  id?: string;
  name?: string;
  arguments: string;
}

/** Collects the tool-call fragments of one streamed reply. */
export interface ToolCallAssembler {
  /** Takes one fragment and returns the delta to report for it. */
  add(fragment: ToolCallFragment): ChatDelta & { readonly type: 'tool-call' };
  /**
   * The whole calls in index order. Throws `ModelInvalidResponseError` for a call without a
   * name; a call without an id gets a generated one.
   */
  finish(): ToolCall[];
}

/**
 * Assembles tool calls from stream fragments keyed by `index`: `id` and `name` are taken
 * from the first fragment that carries them (some servers repeat them), `arguments` texts
 * are concatenated in arrival order. A fragment without `index` continues the last call,
 * or starts a new one when it brings an id not seen yet.
 */
export function createToolCallAssembler(): ToolCallAssembler {
  const calls = new Map<number, PartialToolCall>();
  let lastIndex = -1;

  function indexOf(fragment: ToolCallFragment): number {
    if (typeof fragment.index === 'number') return fragment.index;
    const last = calls.get(lastIndex);
    if (last !== undefined && (fragment.id === undefined || fragment.id === last.id)) return lastIndex;
    return calls.size === 0 ? 0 : Math.max(...calls.keys()) + 1;
  }

  function add(fragment: ToolCallFragment): ChatDelta & { readonly type: 'tool-call' } {
    const index = indexOf(fragment);
    lastIndex = index;
    const call = calls.get(index) ?? { arguments: '' };
    calls.set(index, call);
    const id = call.id === undefined && fragment.id ? fragment.id : undefined;
    const name = call.name === undefined && fragment.function?.name ? fragment.function.name : undefined;
    const argumentsText = fragment.function?.arguments || undefined;
    if (id !== undefined) call.id = id;
    if (name !== undefined) call.name = name;
    if (argumentsText !== undefined) call.arguments += argumentsText;
    return {
      type: 'tool-call',
      index,
      ...(id === undefined ? {} : { id }),
      ...(name === undefined ? {} : { name }),
      ...(argumentsText === undefined ? {} : { argumentsText }),
    };
  }

  function finish(): ToolCall[] {
    return [...calls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([index, call]) => {
        if (call.name === undefined) {
          throw new ModelInvalidResponseError(`the endpoint streamed tool call ${index} without a name`);
        }
        return { id: call.id ?? `call_${crypto.randomUUID()}`, name: call.name, arguments: call.arguments };
      });
  }

  return { add, finish };
}
