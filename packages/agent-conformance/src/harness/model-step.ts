import type { ChatRequest, ChatUsage } from '@aalis/api-llm';
import type { Gate } from './gate';

/** A tool call a scripted model step returns. */
export interface ScriptedToolCall {
  /** The tool's name. */
  readonly name: string;
  /** The arguments: an object (sent as JSON) or raw text (e.g. malformed JSON). Default `{}`. */
  readonly arguments?: Readonly<Record<string, unknown>> | string;
  /** The model's call id; default `call-<n>` from the harness ids. */
  readonly id?: string;
}

/**
 * What the scripted model does for one call. Steps are used in order; a call with no step
 * left is rejected with `UnscriptedCallError` and recorded as a fault of the case.
 */
export interface ModelStep {
  /** The reply text. Default `''` (with no tool calls: a silent answer). */
  readonly text?: string;
  /** Tool calls the model asks for. */
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Content deltas streamed through `onDelta` before answering. Default: the text as one delta; `false`: none. */
  readonly deltas?: readonly string[] | false;
  /** Reasoning text, streamed as one reasoning delta and returned. */
  readonly reasoning?: string;
  /** The usage figures to report; absent: the response has no `usage`. */
  readonly usage?: ChatUsage;
  /** Hold the answer until this gate opens (or the call is aborted). */
  readonly waitFor?: Gate;
  /** Hold the answer this many milliseconds (a kit timer, cleared on abort). */
  readonly delayMs?: number;
  /** Never answer: the call only ends, rejected with `ChatAbortedError`, when its signal aborts. */
  readonly untilAborted?: boolean;
  /**
   * Do not listen to the call's signal: an abort cuts no hold short (`waitFor`, `delayMs`; an
   * `untilAborted` step then never ends) and the call answers as scripted. For testing that an
   * agent does not wait for a model that ignores its abort. Default `false`.
   */
  readonly ignoresAbort?: boolean;
  /**
   * Reject the call: a string becomes a `ChatFailedError` with that message. With `deltas`
   * given, they are streamed first: a stream that fails part way.
   */
  readonly throws?: string | Error;
  /** Take this step only for a request it accepts; steps it rejects stay for later calls. */
  readonly match?: (request: ChatRequest) => boolean;
}
