/**
 * Whether a UTF-16 code unit is whitespace as a JavaScript regular expression's `\s` sees it
 * (the encodings' split patterns use `\s`): tab, line feed, vertical tab, form feed, carriage
 * return, the space separators, the line and paragraph separators and the byte order mark.
 */
export function isWhitespaceCode(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
