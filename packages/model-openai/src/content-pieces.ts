import { isRecord } from './is-record';

/** A piece of a streamed delta's text: reply text or reasoning. */
export interface ContentPiece {
  readonly type: 'content' | 'reasoning';
  readonly text: string;
}

/** The text of a `thinking` part: a string, or a list of strings and `{ type: 'text', text }` parts. */
function thinkingText(thinking: unknown): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) return '';
  return thinking
    .map((part: unknown) => {
      if (typeof part === 'string') return part;
      return isRecord(part) && typeof part.text === 'string' ? part.text : '';
    })
    .join('');
}

function pieceOfPart(part: unknown): ContentPiece | undefined {
  if (typeof part === 'string') return { type: 'content', text: part };
  if (!isRecord(part)) return undefined;
  if (part.type === 'text' && typeof part.text === 'string') return { type: 'content', text: part.text };
  if (part.type === 'thinking') return { type: 'reasoning', text: thinkingText(part.thinking) };
  return undefined;
}

/**
 * The pieces of a delta's `content`, in order: a string is reply text; a list of parts (as
 * Mistral's reasoning models send) gives its `text` parts as reply text and its `thinking`
 * parts as reasoning. Other parts (references, images) and values that are not text are left
 * out — nothing is ever turned into text with `String()`. Empty pieces are dropped.
 */
export function contentPieces(content: unknown): ContentPiece[] {
  const parts = Array.isArray(content) ? content : [content];
  const pieces: ContentPiece[] = [];
  for (const part of parts) {
    const piece = pieceOfPart(part);
    if (piece !== undefined && piece.text.length > 0) pieces.push(piece);
  }
  return pieces;
}
