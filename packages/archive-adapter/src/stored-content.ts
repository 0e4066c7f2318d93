import { isWellFormedText } from '@aalis/schema-message';

/**
 * Message text as the stores keep it: a string when it is well-formed UTF-16, else its
 * UTF-16LE code units. SQLite keeps TEXT as UTF-8, which cannot hold a lone surrogate; a
 * BLOB keeps every code unit. Not public API.
 */
export type StoredContent = string | Uint8Array;

/** The stored form of `content`: itself when well-formed, else its UTF-16LE code units. Linear. */
export function encodeContent(content: string): StoredContent {
  return isWellFormedText(content) ? content : Buffer.from(content, 'utf16le');
}

/**
 * The text back from its stored form, lone surrogates included. Anything but a blob is
 * returned as it is, for the message schema to judge; a blob of odd length throws.
 */
export function decodeContent(stored: unknown): unknown {
  if (!(stored instanceof Uint8Array)) return stored;
  if (stored.byteLength % 2 !== 0) throw new Error('content: blob is not UTF-16 code units (odd length)');
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength).toString('utf16le');
}
