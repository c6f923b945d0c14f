import { fromBase64Url } from './base64url.js';
import { encryptForSubscription } from './encrypt.js';
import { vapidAuthorization } from './vapid-header.js';
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
 * Sends `data` as one push: encrypted to the browser's keys (RFC 8291, aes128gcm; src/push/encrypt.ts) and
 * signed with the VAPID key (RFC 8292; src/push/vapid-header.ts). `ttlSeconds` is how long the push service
 * may hold it for an offline browser; `topic` makes a newer push of the same topic replace an undelivered one.
 */
export async function sendPush(
  target: PushTarget,
  data: Record<string, string>,
  vapid: VapidKeys,
  options: { ttlSeconds: number; topic: string },
): Promise<PushResult> {
  let status: number;
  try {
    const body = await encryptForSubscription(new TextEncoder().encode(JSON.stringify(data)), target);
    const response = await fetch(target.endpoint, {
      method: 'POST',
      headers: {
        authorization: await vapidAuthorization(target.endpoint, vapid, Date.now()),
        ttl: String(Math.max(0, Math.floor(options.ttlSeconds))),
        topic: options.topic,
        urgency: 'normal',
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
      },
      body,
    });
    status = response.status;
    await response.body?.cancel();
  } catch {
    return 'failed';
  }
  if (status === 404 || status === 410) return 'gone';
  return status >= 200 && status < 300 ? 'sent' : 'failed';
}
