/** The first line of what a failure says about itself, for messages and notices. */
export function describeCause(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.split('\n', 1)[0] ?? '';
}
