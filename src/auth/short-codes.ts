/**
 * Short codes people type: link codes for a second device, invite codes for groups. Crockford's base32
 * (no I, L, O or U, so nothing reads two ways), ten characters: 50 random bits, shown as `XXXXX-XXXXX`.
 * Reading one back forgives case, spaces and dashes, and the look-alikes Crockford maps (O→0, I and L→1).
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;
const SHAPE = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** A new random code, grouped for reading aloud. */
export function newShortCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  let code = '';
  for (const b of bytes) code += ALPHABET[b & 31];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The canonical form of what a person typed (`abcde fghjk` → `ABCDEFGHJK`), or null if it cannot be a code. */
export function normalShortCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return SHAPE.test(code) ? code : null;
}

/** What is stored of a code that works like a password: its SHA-256, hex. */
export async function shortCodeHash(normal: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normal));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
