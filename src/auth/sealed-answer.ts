import { fromBase64Url, toBase64Url } from './base64url.js';
import { sign } from './hmac.js';

/**
 * A kept answer encrypted (AES-GCM) under a key derived from the token secret and what the answer belongs
 * to: an idempotent registration's answer holds a bearer token, and the database keeps nothing that would
 * let someone reading it act as a player.
 */
const PURPOSE = 'idempotent-answer';

async function keyFor(secret: string, context: string): Promise<CryptoKey> {
  const raw = fromBase64Url(await sign(secret, PURPOSE, context)) as Uint8Array<ArrayBuffer>;
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealAnswer(secret: string, context: string, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyFor(secret, context),
    new TextEncoder().encode(text),
  );
  const bytes = new Uint8Array(12 + sealed.byteLength);
  bytes.set(iv);
  bytes.set(new Uint8Array(sealed), 12);
  return toBase64Url(bytes);
}

/** The text `sealAnswer` sealed under one of `secrets` (the current one, then a previous one), else null. */
export async function openAnswer(secrets: string[], context: string, sealed: string): Promise<string | null> {
  const bytes = fromBase64Url(sealed);
  if (!bytes || bytes.length < 12) return null;
  for (const secret of secrets) {
    try {
      const text = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.slice(0, 12) },
        await keyFor(secret, context),
        bytes.slice(12),
      );
      return new TextDecoder().decode(text);
    } catch {
      // Sealed under another secret (or altered): the next one may open it.
    }
  }
  return null;
}
