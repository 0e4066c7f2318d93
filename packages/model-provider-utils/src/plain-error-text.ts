/** The longest error text put into a message, in characters. */
export const ERROR_TEXT_LIMIT = 300;
/** How much of an error body is read at all (an error page is far shorter). */
const BODY_READ_LIMIT = 200_000;

const entities: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Where the text after a `<script>` or `<style>` element starts, or `undefined` for any other tag. */
function skipElementBody(lower: string, tagStart: number, tagEnd: number): number | undefined {
  for (const name of ['script', 'style']) {
    if (!lower.startsWith(`<${name}`, tagStart)) continue;
    const closing = lower.indexOf(`</${name}`, tagEnd);
    if (closing === -1) return lower.length;
    const closingEnd = lower.indexOf('>', closing);
    return closingEnd === -1 ? lower.length : closingEnd + 1;
  }
  return undefined;
}

/**
 * Text with its markup removed: tags become spaces, `<script>` and `<style>` elements go with
 * their content. Linear in the length of `text` (every search moves forward).
 */
function withoutMarkup(text: string): string {
  const lower = text.toLowerCase();
  const pieces: string[] = [];
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('<', position);
    const close = open === -1 ? -1 : text.indexOf('>', open + 1);
    if (close === -1) {
      pieces.push(text.slice(position));
      break;
    }
    pieces.push(text.slice(position, open), ' ');
    position = skipElementBody(lower, open, close + 1) ?? close + 1;
  }
  return pieces.join('');
}

/**
 * An error body as one short plain line for an error message: markup stripped when it looks
 * like an HTML page (it starts with `<`, or `contentType` says `html`), common entities
 * decoded, whitespace collapsed, and cut to `limit` characters with an ellipsis.
 */
export function plainErrorText(text: string, options: { contentType?: string; limit?: number } = {}): string {
  const limit = options.limit ?? ERROR_TEXT_LIMIT;
  const head = text.slice(0, BODY_READ_LIMIT);
  const markup = /^\s*</.test(head) || (options.contentType ?? '').includes('html');
  const plain = (markup ? withoutMarkup(head) : head)
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > limit ? `${plain.slice(0, limit - 1)}…` : plain;
}
