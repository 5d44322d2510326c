/** Text checks shared by every schema; a module of its own so schema modules can import it without a cycle. */

/**
 * C0 controls and DEL, which no form types and Postgres refuses (NUL), and lone UTF-16
 * surrogates, which no database can store. Multi-line text keeps tab and line breaks.
 */
export function hasControlCharacters(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7f) return true;
    if (c < 0x20 && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}
