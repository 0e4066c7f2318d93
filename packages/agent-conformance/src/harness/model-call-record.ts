import type { ChatMessage, ChatRequest, ChatResponse, ChatToolDefinition } from '@aalis/api-llm';
import type { ModelStep } from './model-step';

/** One call the scripted model received, as the harness recorded it. */
export interface ModelCallRecord {
  /** 0-based position among the harness's model calls. */
  readonly index: number;
  /** The activity number when the call started. */
  readonly seq: number;
  /** The request as received (its `signal` is live). */
  readonly request: ChatRequest;
  /** A copy of the messages taken when the call started. */
  readonly messages: readonly ChatMessage[];
  /** The tool definitions offered. */
  readonly tools: readonly ChatToolDefinition[];
  /** The model reference called (`request.model.ref`). */
  readonly modelRef: string;
  /** The step that answered it; `undefined` for an unscripted call. */
  readonly step: ModelStep | undefined;
  /** `open` until the call resolved or rejected. */
  readonly state: 'open' | 'resolved' | 'rejected';
  /** The activity number when the call ended. */
  readonly endSeq: number | undefined;
  readonly response: ChatResponse | undefined;
  readonly error: unknown;
  /** Whether the request's signal has aborted. */
  readonly aborted: boolean;
}
