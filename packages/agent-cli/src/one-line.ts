/** Text on one line, shortened to `maximum` characters with an ellipsis. */
export function oneLine(text: string, maximum = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maximum ? `${flat.slice(0, maximum - 1)}…` : flat;
}
