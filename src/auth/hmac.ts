/** HMAC-SHA256 through WebCrypto; verification is constant-time (crypto.subtle.verify). */

import { fromBase64Url, toBase64Url } from './base64url.js';

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
