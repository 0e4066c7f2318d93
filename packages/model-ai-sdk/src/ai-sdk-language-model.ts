import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3StreamPart,
  LanguageModelV3TextPart,
  LanguageModelV3ToolCallPart,
} from '@ai-sdk/provider';

/**
 * A file part of a version 4 prompt: the data is tagged (`{ type: 'data', data }` for
 * base64 text, `{ type: 'url', url }` for a link) where version 3 takes the bare value.
 */
export interface LanguageModelV4FilePartShape {
  readonly type: 'file';
  readonly data:
    | { readonly type: 'data'; readonly data: string }
    | { readonly type: 'url'; readonly url: URL };
  readonly mediaType: string;
}

/** A tool result of a version 4 prompt as this package builds it: text output only. */
export interface LanguageModelV4ToolResultPartShape {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: { readonly type: 'text'; readonly value: string };
}

/**
 * A version 4 prompt message as this package builds it: the parts it uses are the same as in
 * version 3 except the file parts of user messages.
 */
export type LanguageModelV4MessageShape =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: Array<LanguageModelV3TextPart | LanguageModelV4FilePartShape> }
  | {
      readonly role: 'assistant';
      readonly content: Array<LanguageModelV3TextPart | LanguageModelV3ToolCallPart>;
    }
  | { readonly role: 'tool'; readonly content: LanguageModelV4ToolResultPartShape[] };

/** The call options this package sends to a version 4 model (a subset of `LanguageModelV4CallOptions`). */
export interface LanguageModelV4CallOptionsShape
  extends Pick<
    LanguageModelV3CallOptions,
    'maxOutputTokens' | 'temperature' | 'abortSignal' | 'providerOptions'
  > {
  readonly prompt: LanguageModelV4MessageShape[];
  readonly tools?: LanguageModelV3FunctionTool[];
}

/**
 * The parts of `LanguageModelV4` this package uses, which agree with version 3 except for the
 * prompt's file parts (see the README's table). A `LanguageModelV4` of `@ai-sdk/provider` 4.x
 * is assignable to it; its stream parts are read as version 3 parts, and the ones version 3
 * does not have (`ping`, `custom`, `reasoning-file`) are skipped.
 */
export interface LanguageModelV4Shape {
  readonly specificationVersion: 'v4';
  readonly provider: string;
  readonly modelId: string;
  doStream(
    options: LanguageModelV4CallOptionsShape,
  ): PromiseLike<{ readonly stream: ReadableStream<LanguageModelV3StreamPart | { readonly type: string }> }>;
}

/** An AI SDK language model this package can call: a `LanguageModelV3`, or a `LanguageModelV4`. */
export type AiSdkLanguageModel = LanguageModelV3 | LanguageModelV4Shape;
