import type { ChatDelta } from '@aalis/api-llm';
import { ModelInvalidResponseError } from '@aalis/model-provider-utils';
import type { ToolCall } from '@aalis/schema-message';
import { isRecord, type WireRecord } from './is-record';

/** The delta reported for one tool-call fragment. */
export type ToolCallDelta = ChatDelta & { readonly type: 'tool-call' };

interface PartialToolCall {
  id?: string;
  name?: string;
  arguments: string;
}

/** Collects the tool-call fragments of one streamed reply. */
export interface ToolCallAssembler {
  /** Takes one fragment (an element of `delta.tool_calls`) and returns the delta to report for it. */
  add(fragment: unknown): ToolCallDelta;
  /**
   * The whole calls in order. Throws `ModelInvalidResponseError` for a call without a name; a
   * call without an id gets a generated one.
   */
  finish(): ToolCall[];
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function indexOf(fragment: WireRecord): number | undefined {
  const { index } = fragment;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 ? index : undefined;
}

/** Arguments text of a fragment: a string as is, anything else (an object some servers send) as JSON. */
function argumentsTextOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  return JSON.stringify(value);
}

/**
 * Assembles tool calls from stream fragments. A fragment belongs to the call with the same
 * id first; only without a known id does `index` decide, and a new id at an index another
 * call already holds starts a new call (servers that number every call 0). A fragment with
 * neither continues the last call. Calls are numbered by their server index while it is free,
 * else after the highest number; `id` and `name` are taken from the first fragment that
 * carries them, `arguments` texts are concatenated in arrival order (an object is sent as
 * JSON text).
 */
export function createToolCallAssembler(): ToolCallAssembler {
  const calls = new Map<number, PartialToolCall>();
  const slotById = new Map<string, number>();
  const slotByIndex = new Map<number, number>();
  let lastSlot: number | undefined;

  function newSlot(preferred: number | undefined): number {
    const slot =
      preferred !== undefined && !calls.has(preferred)
        ? preferred
        : calls.size === 0
          ? 0
          : Math.max(...calls.keys()) + 1;
    calls.set(slot, { arguments: '' });
    return slot;
  }

  function slotOf(id: string | undefined, index: number | undefined): number {
    if (id !== undefined) {
      const known = slotById.get(id);
      if (known !== undefined) return known;
      const atIndex = index === undefined ? undefined : slotByIndex.get(index);
      // A call that started without an id gets it from a later fragment at the same index.
      if (atIndex !== undefined && calls.get(atIndex)?.id === undefined) return atIndex;
      return newSlot(index);
    }
    if (index !== undefined) return slotByIndex.get(index) ?? newSlot(index);
    return lastSlot ?? newSlot(undefined);
  }

  function add(fragment: unknown): ToolCallDelta {
    const record = isRecord(fragment) ? fragment : {};
    const functionPart = isRecord(record.function) ? record.function : {};
    const index = indexOf(record);
    const slot = slotOf(nonEmptyString(record.id), index);
    if (index !== undefined) slotByIndex.set(index, slot);
    lastSlot = slot;
    const call = calls.get(slot) as PartialToolCall;
    const id = call.id === undefined ? nonEmptyString(record.id) : undefined;
    const name = call.name === undefined ? nonEmptyString(functionPart.name) : undefined;
    const argumentsText = argumentsTextOf(functionPart.arguments);
    if (id !== undefined) {
      call.id = id;
      slotById.set(id, slot);
    }
    if (name !== undefined) call.name = name;
    if (argumentsText !== undefined) call.arguments += argumentsText;
    return {
      type: 'tool-call',
      index: slot,
      ...(id === undefined ? {} : { id }),
      ...(name === undefined ? {} : { name }),
      ...(argumentsText === undefined ? {} : { argumentsText }),
    };
  }

  function finish(): ToolCall[] {
    return [...calls.entries()]
      .sort(([left], [right]) => left - right)
      .map(([slot, call]) => {
        if (call.name === undefined) {
          throw new ModelInvalidResponseError(`the endpoint streamed tool call ${slot} without a name`);
        }
        return { id: call.id ?? `call_${crypto.randomUUID()}`, name: call.name, arguments: call.arguments };
      });
  }

  return { add, finish };
}
