/** `text` cut to `limit` characters, ending in `…` when it was longer. */
export function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…`;
}
