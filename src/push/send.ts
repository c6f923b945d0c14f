import { buildPushPayload } from '@block65/webcrypto-web-push';
import { fromBase64Url } from './base64url.js';
import type { VapidKeys } from './vapid-keys.js';

/** Where a push goes and the keys it is encrypted to, as the browser gave them. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one push: delivered, gone for good (the push service answered 404 or 410), or not now. */
export type PushResult = 'sent' | 'gone' | 'failed';

/**
 * Whether `p256dh` is a point of P-256 the browser could hold the private key of: a key off the curve would
 * make every encryption to it fail, so it is refused when the subscription is made.
 */
export async function isP256Point(p256dh: string): Promise<boolean> {
  const bytes = fromBase64Url(p256dh);
  if (!bytes) return false;
  try {
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends `data` as one push: encrypted to the browser's keys (RFC 8291, aes128gcm) and signed with the VAPID
 * key (RFC 8292), by @block65/webcrypto-web-push. `ttlSeconds` is how long the push service may hold it
 * for an offline browser; `topic` makes a newer push of the same topic replace an undelivered one.
 */
export async function sendPush(
  target: PushTarget,
  data: Record<string, string>,
  vapid: VapidKeys,
  options: { ttlSeconds: number; topic: string },
): Promise<PushResult> {
  const subscription = { endpoint: target.endpoint, expirationTime: null, keys: target };
  let status: number;
  try {
    const request = await buildPushPayload(
      {
        data,
        options: {
          ttl: Math.max(0, Math.floor(options.ttlSeconds)),
          topic: options.topic,
          urgency: 'normal',
        },
      },
      subscription,
      vapid,
    );
    const response = await fetch(target.endpoint, request);
    status = response.status;
    await response.body?.cancel();
  } catch {
    return 'failed';
  }
  if (status === 404 || status === 410) return 'gone';
  return status >= 200 && status < 300 ? 'sent' : 'failed';
}
