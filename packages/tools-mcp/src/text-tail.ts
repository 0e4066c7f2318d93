/** The last characters of a growing text, e.g. what a child process wrote to stderr. */
export interface TextTail {
  /** Appends a chunk. */
  push(chunk: string): void;
  /** The last `limit` characters pushed, trimmed. */
  read(): string;
}

/** A {@link TextTail} keeping `limit` characters; memory stays under three times `limit` whatever is pushed. */
export function createTextTail(limit: number): TextTail {
  let kept = '';
  return {
    push(chunk) {
      kept += chunk.length > limit ? chunk.slice(-limit) : chunk;
      if (kept.length > 2 * limit) kept = kept.slice(-limit);
    },
    read: () => kept.slice(-limit).trim(),
  };
}
