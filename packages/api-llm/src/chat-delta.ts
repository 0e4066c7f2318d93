/**
 * A streamed piece of a reply while the model produces it: text, reasoning text, or a
 * fragment of a tool call (`index` identifies the call within the response; `id` and `name`
 * come with its first fragment).
 */
export type ChatDelta =
  | { readonly type: 'content'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly index: number;
      readonly id?: string;
      readonly name?: string;
      readonly argumentsText?: string;
    };
