/**
 * UTF-8 byte length of a string, counted in JS. Per-value native calls (`Buffer.byteLength`) cost
 * more than the count itself for the short texts of a catalog; a lone surrogate counts 2 here but
 * encodes as 3 bytes, so callers check the total against the encoded length.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    // 2 bytes below U+0800, 3 above; each half of a surrogate pair adds 1 to make 4.
    bytes += code < 0x800 ? 1 : code >= 0xd800 && code <= 0xdfff ? 1 : 2;
  }
  return bytes;
}
