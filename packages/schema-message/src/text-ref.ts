/**
 * A translatable piece of text: a message key, its parameters and a fallback shown when the
 * key is unknown. Used wherever the contract says `string | TextRef` (display labels of
 * usage parts, the `error` of a turn, …). The shape is fixed: other packages copy it
 * structurally.
 */
export interface TextRef {
  /** The message key, e.g. `agent.usage.history`. */
  readonly key: string;
  /** Values substituted into the message. */
  readonly params?: Readonly<Record<string, string | number>>;
  /** Text to show when no translation exists for `key`. */
  readonly fallback?: string;
}
