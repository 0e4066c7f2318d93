/** Quotes a text for a message of the kit: JSON string syntax, cut to `limit` characters. */
export function quote(text: string, limit = 60): string {
  const cut = text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
  return JSON.stringify(cut);
}
