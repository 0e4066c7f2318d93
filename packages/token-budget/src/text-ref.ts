/**
 * A translatable display text: a message key, optional parameters, and an optional fallback
 * shown when no translation is known. Structurally the same as the `TextRef` of Aalis message
 * schemas, so labels built here can be handed to any consumer that accepts that shape.
 */
export interface TextRef {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly fallback?: string;
}
