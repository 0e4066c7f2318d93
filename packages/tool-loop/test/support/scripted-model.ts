import {
  ChatAbortedError,
  type ChatRequest,
  type ChatResponse,
  type ChatUsage,
  type LlmService,
} from '@aalis/api-llm';
import type { ToolCall } from '@aalis/schema-message';
import type { Deferred } from './deferred';

/** One scripted model response or failure. */
export type ModelScriptStep =
  | {
      readonly text?: string;
      readonly toolCalls?: readonly ToolCall[];
      readonly usage?: ChatUsage;
      /** Streamed before the call resolves; default: the whole text as one delta. */
      readonly deltas?: readonly string[];
      readonly reasoning?: readonly string[];
      /** Wait for this before answering. */
      readonly after?: Deferred<unknown>;
    }
  | { readonly fail: unknown }
  | { readonly hangUntilAborted: true; readonly ignoreSignal?: boolean }
  | ((request: ChatRequest) => ModelScriptStep);

/** What the scripted model was asked, with its own copies of the lists. */
export interface RecordedRequest extends ChatRequest {
  readonly messageCopies: readonly { readonly role: string; readonly content: string }[];
}

/** A model that answers from a script, records each request, and fails loudly past the script. */
export class ScriptedModel implements Pick<LlmService, 'chat'> {
  readonly requests: RecordedRequest[] = [];
  /** Calls still waiting for their answer. */
  open = 0;
  readonly #steps: ModelScriptStep[];

  constructor(steps: readonly ModelScriptStep[]) {
    this.#steps = [...steps];
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    const number = this.requests.length + 1;
    this.requests.push({
      ...request,
      messageCopies: request.messages.map((message) => ({ role: message.role, content: message.content })),
    });
    let step = this.#steps.shift();
    if (step === undefined) throw new Error(`unscripted model call #${number}`);
    while (typeof step === 'function') step = step(request);
    this.open += 1;
    try {
      return await answer(step, request);
    } finally {
      this.open -= 1;
    }
  }
}

async function answer(
  step: Exclude<ModelScriptStep, (request: ChatRequest) => ModelScriptStep>,
  request: ChatRequest,
) {
  if ('fail' in step) throw step.fail;
  if ('hangUntilAborted' in step) return hang(request.signal, step.ignoreSignal === true);
  if (step.after !== undefined) await step.after.promise;
  for (const text of step.reasoning ?? []) request.onDelta?.({ type: 'reasoning', text });
  for (const text of step.deltas ?? (step.text ? [step.text] : []))
    request.onDelta?.({ type: 'content', text });
  return {
    content: step.text ?? '',
    toolCalls: step.toolCalls ?? [],
    ...(step.usage === undefined ? {} : { usage: step.usage }),
    finishReason: step.toolCalls?.length ? 'tool-calls' : 'stop',
  } satisfies ChatResponse;
}

function hang(signal: AbortSignal | undefined, ignoreSignal: boolean): Promise<never> {
  return new Promise((_, reject) => {
    if (ignoreSignal || signal === undefined) return;
    const fail = () => reject(new ChatAbortedError({ cause: signal.reason }));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** A tool call as a model returns it. */
export function toolCall(id: string, name: string, args: unknown = {}): ToolCall {
  return { id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) };
}
