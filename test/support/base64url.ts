const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * The spellings of base64url `text` that differ only in the unused low bits of the last character (four
 * for a 32-byte MAC: 43 characters carry 258 bits for 256), the canonical one first. A lenient decoder reads
 * them all as the same bytes.
 */
export function lastCharacterSpellings(text: string): string[] {
  const unusedBits = (text.length * 6) % 8;
  const last = ALPHABET.indexOf(text.slice(-1));
  const base = last & ~((1 << unusedBits) - 1);
  return Array.from({ length: 1 << unusedBits }, (_, i) => `${text.slice(0, -1)}${ALPHABET[base + i]}`);
}

/** `token` with the last character of its last dot-separated part spelled each of the four ways. */
export function tokenSpellings(token: string): string[] {
  const cut = token.lastIndexOf('.');
  return lastCharacterSpellings(token.slice(cut + 1)).map((mac) => `${token.slice(0, cut + 1)}${mac}`);
}
