import { fromBase64Url, toBase64Url } from './base64url.js';
import type { VapidKeys } from './vapid-keys.js';

/** How long a signature stays good: RFC 8292 §2 allows at most 24 hours. */
const VAPID_LIFETIME_SECONDS = 12 * 60 * 60;

const utf8 = new TextEncoder();
const part = (value: object) => toBase64Url(utf8.encode(JSON.stringify(value)));

/**
 * The `Authorization` header that identifies this server to the push service of `endpoint` (RFC 8292 §3):
 * an ES256 JWT for the endpoint's origin, signed with the VAPID private key, and the public key beside it.
 */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, nowMs: number): Promise<string> {
  const publicKey = fromBase64Url(vapid.publicKey);
  if (publicKey?.length !== 65) throw new TypeError('the VAPID public key is not a P-256 point');
  const signingKey = await crypto.subtle.importKey(
    'jwk',
    {
      kty: 'EC',
      crv: 'P-256',
      x: toBase64Url(publicKey.subarray(1, 33)),
      y: toBase64Url(publicKey.subarray(33, 65)),
      d: vapid.privateKey,
    },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(nowMs / 1000) + VAPID_LIFETIME_SECONDS,
    sub: vapid.subject,
  };
  const unsigned = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  // WebCrypto's ECDSA signature is r‖s, 64 bytes: the JWS form ES256 asks for (RFC 7518 §3.4).
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    signingKey,
    utf8.encode(unsigned),
  );
  return `vapid t=${unsigned}.${toBase64Url(new Uint8Array(signature))}, k=${vapid.publicKey}`;
}
