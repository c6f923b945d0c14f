/**
 * Base64url without padding (RFC 4648 §5), as tokens, cursors and share ids are written. Only the canonical
 * spelling is read, so that a token has one text. (src/push, which imports nothing of the rest, keeps its own.)
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Each ASCII code's value in the alphabet, -1 outside it. */
const VALUES = Int8Array.from({ length: 128 }, (_, code) => ALPHABET.indexOf(String.fromCharCode(code)));

export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The bytes of canonical base64url text, or null for anything else: padding, characters outside the
 * alphabet, an impossible length, or a last character whose unused low bits are not zero (each of those
 * would otherwise decode to the same bytes as the canonical text, so one token would have four spellings).
 * Decoded in one pass over the text: it runs on every token check, three times per ranked submission.
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array((text.length * 3) >> 2);
  let bits = 0;
  let pending = 0;
  let filled = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const value = code < 128 ? (VALUES[code] ?? -1) : -1;
    if (value < 0) return null;
    pending = (pending << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[filled++] = pending >> bits;
      pending &= (1 << bits) - 1;
    }
  }
  return pending === 0 ? bytes : null;
}
