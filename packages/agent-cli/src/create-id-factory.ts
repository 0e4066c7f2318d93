/**
 * Makes ids `prefix-<start>-<n>`: `<start>` is when the factory was made (milliseconds, base
 * 36) and `<n>` counts up, so ids are short, readable, and unique across runs that share a
 * history file ([TID-1], [TID-3]).
 */
export function createIdFactory(prefix: string, now: () => number = Date.now): () => string {
  const start = now().toString(36);
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}-${start}-${count}`;
  };
}
