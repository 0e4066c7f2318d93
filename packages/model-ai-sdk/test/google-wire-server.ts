import { type ScriptedReply, type ScriptedWireServer, startScriptedWireServer } from './scripted-wire-server';
import { type ServerSentEvent, statusReply, streamReply } from './wire-replies';

/**
 * The Gemini API as `@ai-sdk/google` calls it
 * (`POST {baseURL}/models/{model}:streamGenerateContent?alt=sse`), answered from a script:
 * `data:` events each carrying a `GenerateContentResponse` chunk, and HTTP errors in Google's
 * JSON error shape.
 */
export function startGoogleWireServer(): Promise<ScriptedWireServer> {
  return startScriptedWireServer({
    unscriptedReply: googleErrorReply({ code: 500, status: 'INTERNAL', message: 'unscripted request' }),
  });
}

/** One part of a candidate's content. */
export type GeminiPart =
  | { readonly text: string; readonly thought?: true }
  | {
      readonly functionCall: { readonly id?: string; readonly name: string; readonly args: unknown };
    };

/** A text part. */
export const textPart = (text: string): GeminiPart => ({ text });

/** A thought summary part (`thought: true`), sent when thoughts are included. */
export const thoughtPart = (text: string): GeminiPart => ({ text, thought: true });

/** A function call part with its whole arguments object, as Gemini 2.5 sends it; `id` may be absent. */
export const functionCallPart = (call: {
  readonly id?: string;
  readonly name: string;
  readonly args: unknown;
}): GeminiPart => ({ functionCall: call });

/** Token figures of `usageMetadata`. */
export interface GeminiUsage {
  readonly prompt: number;
  readonly candidates: number;
  readonly thoughts?: number;
}

/** `usageMetadata` of the last chunk of a reply. */
function usageMetadata(usage: GeminiUsage): Record<string, number> {
  const thoughts = usage.thoughts ?? 0;
  return {
    promptTokenCount: usage.prompt,
    candidatesTokenCount: usage.candidates,
    ...(usage.thoughts === undefined ? {} : { thoughtsTokenCount: thoughts }),
    totalTokenCount: usage.prompt + usage.candidates + thoughts,
  };
}

/** One streamed chunk: the first candidate's new parts, its finish reason and usage on the last one. */
export function geminiChunk(chunk: {
  readonly parts: readonly GeminiPart[];
  readonly finishReason?: 'STOP' | 'MAX_TOKENS' | 'SAFETY';
  readonly usage?: GeminiUsage;
}): ServerSentEvent {
  const candidate = {
    content: { parts: chunk.parts, role: 'model' },
    ...(chunk.finishReason === undefined ? {} : { finishReason: chunk.finishReason }),
    index: 0,
  };
  return {
    data: {
      candidates: [candidate],
      ...(chunk.usage === undefined ? {} : { usageMetadata: usageMetadata(chunk.usage) }),
      modelVersion: 'gemini-2.5-flash',
      responseId: 'response-1',
    },
  };
}

/** Answers with the chunks as a stream of `data:` events. */
export function geminiStreamReply(chunks: readonly ServerSentEvent[]): ScriptedReply {
  return streamReply(chunks);
}

/** Answers with an HTTP error in Google's shape, `{ error: { code, message, status } }`. */
export function googleErrorReply(error: {
  readonly code: number;
  readonly status: string;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}): ScriptedReply {
  const body = { error: { code: error.code, message: error.message, status: error.status } };
  return statusReply(error.code, body, error.headers);
}
