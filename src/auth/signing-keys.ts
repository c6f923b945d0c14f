import { sign } from './hmac.js';

/**
 * The secret that signs tokens, and during a key rotation the one that signed them before: tokens name the
 * key that signed them, so both verify while the previous one is set, and only the current one signs.
 */
export interface TokenSecret {
  current: string;
  previous?: string;
}

/** A key id: 8 base64url characters (48 bits), plenty to tell two secrets apart. */
export const KEY_ID = /^[A-Za-z0-9_-]{8}$/;
const KEY_ID_PURPOSE = 'key-id';

const keyIds = new Map<string, Promise<string>>();

/**
 * The public name of a secret, derived from it by HMAC: it tells the verifier which secret to check a token
 * with and reveals nothing about the secret itself.
 */
export function keyIdOf(secret: string): Promise<string> {
  let id = keyIds.get(secret);
  if (!id) {
    id = sign(secret, KEY_ID_PURPOSE, '').then((mac) => mac.slice(0, 8));
    keyIds.set(secret, id);
  }
  return id;
}

/** The secrets that verify tokens, current first. */
export function verifyingSecrets(secret: TokenSecret): string[] {
  return secret.previous === undefined ? [secret.current] : [secret.current, secret.previous];
}

/** The verifying secret named by `keyId`, or null when it names neither (a retired or foreign key). */
export async function secretNamed(secret: TokenSecret, keyId: string): Promise<string | null> {
  for (const candidate of verifyingSecrets(secret)) {
    if ((await keyIdOf(candidate)) === keyId) return candidate;
  }
  return null;
}
