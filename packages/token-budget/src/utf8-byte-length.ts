/**
 * The UTF-8 length, in bytes, of the code point whose first UTF-16 code unit is `code` (a high
 * surrogate stands for its whole pair). A lone surrogate counts 3, as `TextEncoder` writes it
 * as U+FFFD.
 */
export function codePointByteLength(code: number): number {
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return 3;
}

/** Whether `code` is a high (leading) surrogate. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Whether `code` is a low (trailing) surrogate. */
export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The UTF-8 length of a text in bytes, as `TextEncoder` would write it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += codePointByteLength(code);
  }
  return bytes;
}
