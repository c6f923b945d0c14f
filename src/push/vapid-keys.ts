import { fromBase64Url, toBase64Url } from './base64url.js';

/** The application server's identity towards push services (RFC 8292): a P-256 key pair and a contact. */
export interface VapidKeys {
  /** The uncompressed public point, base64url (65 bytes): what browsers subscribe with. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
  /** A `mailto:` or `https:` URL where a push service can reach the operator. */
  subject: string;
}

/** A random 32-byte scalar holds about 30 different byte values; a made-up or patterned one far fewer. */
export const MIN_DISTINCT_KEY_BYTES = 16;

/** How to make a pair that passes, named in every refusal. */
export const VAPID_ADVICE = 'make a pair with `npm run vapid-keys`';

/** Why `value` is not a VAPID public key (an uncompressed P-256 point), or null when it is one. */
export function vapidPublicKeyProblem(value: string | undefined): string | null {
  if (!value) return 'is not set';
  const bytes = fromBase64Url(value);
  if (!bytes) return 'is not unpadded base64url';
  if (bytes.length !== 65 || bytes[0] !== 4) {
    return `is ${bytes.length} bytes, not an uncompressed P-256 point (65 bytes starting with 0x04)`;
  }
  return null;
}

/** Why `value` cannot sign for a deployment, or null when it may: its shape, and whether it looks random. */
export function vapidPrivateKeyProblem(
  value: string | undefined,
  published: readonly string[],
): string | null {
  if (!value) return 'is not set';
  const bytes = fromBase64Url(value);
  if (!bytes) return 'is not unpadded base64url';
  if (bytes.length !== 32) return `is ${bytes.length} bytes, not a P-256 private key (32 bytes)`;
  if (published.includes(value)) return 'is a development default published in the source';
  const distinct = new Set(bytes).size;
  if (distinct < MIN_DISTINCT_KEY_BYTES) {
    return `holds only ${distinct} different bytes (at least ${MIN_DISTINCT_KEY_BYTES} needed): it is not random`;
  }
  return null;
}

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): a contact there reaches nobody. */
const PLACEHOLDER_DOMAIN = /(^|\.)(example\.(com|org|net)|example|invalid|test|localhost)$/i;

/**
 * Why `value` is not a VAPID contact, or null when it is a `mailto:` address or an `https:` URL on a
 * domain someone can receive at.
 */
export function vapidSubjectProblem(value: string | undefined): string | null {
  if (!value) return 'is not set';
  let domain: string | null = null;
  const mail = /^mailto:[^@\s]+@([^@\s]+)$/.exec(value);
  if (mail) domain = mail[1] ?? '';
  else {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:') domain = url.hostname;
    } catch {
      // Neither form: refused below.
    }
  }
  if (domain === null) return 'is neither a mailto: address nor an https: URL';
  if (PLACEHOLDER_DOMAIN.test(domain)) return `names a placeholder domain (${domain})`;
  return null;
}

const CHECK = new TextEncoder().encode('vapid key pair check');

/**
 * Whether the private key signs what the public key verifies: a pair that does not match would hand
 * browsers a key that no reminder is ever signed with, and every push service would refuse them all.
 */
export async function vapidPairMatches(keys: Pick<VapidKeys, 'publicKey' | 'privateKey'>): Promise<boolean> {
  const point = fromBase64Url(keys.publicKey);
  if (!point) return false;
  const curve = { name: 'ECDSA', namedCurve: 'P-256' } as const;
  const signing = { name: 'ECDSA', hash: 'SHA-256' } as const;
  try {
    const x = toBase64Url(point.slice(1, 33));
    const y = toBase64Url(point.slice(33, 65));
    const jwk = { kty: 'EC', crv: 'P-256', x, y, d: keys.privateKey };
    const secret = await crypto.subtle.importKey('jwk', jwk, curve, false, ['sign']);
    const known = await crypto.subtle.importKey('raw', point, curve, false, ['verify']);
    const signature = await crypto.subtle.sign(signing, secret, CHECK);
    return await crypto.subtle.verify(signing, known, signature, CHECK);
  } catch {
    return false;
  }
}
