/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` and the base64 of
 * random bytes; each delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the secret's bytes.
 */

const PREFIX = 'whsec_';
/** 32 random bytes: the specification asks for 24 to 64. */
const SECRET_BYTES = 32;

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** A new signing secret, `whsec_<base64>`. */
export function newWebhookSecret(): string {
  return `${PREFIX}${toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))}`;
}

/** `v1,<base64 HMAC-SHA256>` of `{id}.{timestamp}.{body}` under `secret`'s bytes. */
export async function webhookSignature(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three headers of a delivery sent at `at`. */
export async function webhookHeaders(
  secret: string,
  id: string,
  at: Date,
  body: string,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': await webhookSignature(secret, id, timestamp, body),
  };
}
