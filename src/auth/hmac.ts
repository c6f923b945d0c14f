/** HMAC-SHA256 through WebCrypto; verification is constant-time (crypto.subtle.verify). */

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The bytes of canonical base64url text, or null for anything else: padding, characters outside the
 * alphabet, an impossible length, or a last character whose unused low bits are not zero (each of those
 * would otherwise decode to the same bytes as the canonical text, so one token would have four spellings).
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  return toBase64Url(bytes) === text ? bytes : null;
}

/** `purpose` separates the token kinds: a signature made for one can never pass as another. */
export async function sign(secret: string, purpose: string, message: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await keyFor(secret),
    encoder.encode(`${purpose}\n${message}`),
  );
  return toBase64Url(new Uint8Array(mac));
}

export async function verify(
  secret: string,
  purpose: string,
  message: string,
  signature: string,
): Promise<boolean> {
  const bytes = fromBase64Url(signature);
  if (bytes?.length !== 32) return false;
  return crypto.subtle.verify('HMAC', await keyFor(secret), bytes, encoder.encode(`${purpose}\n${message}`));
}
