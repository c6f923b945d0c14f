import { DEV_VAPID } from '../../src/config.js';
import type { PushSubscriptionJson } from '../../src/contract/push.js';
import type { Received } from './push-service.js';

/** The suite's push service (vitest.config.ts routes the Worker's fetches to this origin to it). */
const PUSH = 'https://push.test';

/** A browser's subscription at the local push service, made with the development VAPID key. */
export async function newBrowser(): Promise<{ id: string; subscription: PushSubscriptionJson }> {
  const res = await fetch(`${PUSH}/subscribe`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey: DEV_VAPID.publicKey }),
  });
  return (await res.json()) as { id: string; subscription: PushSubscriptionJson };
}

/** What the push service accepted (decrypted) and refused for one browser. */
export async function received(id: string): Promise<Received> {
  return (await (await fetch(`${PUSH}/received/${id}`)).json()) as Received;
}

/** Makes the push service answer `status` to pushes for the browser from now on. */
export async function answerWith(id: string, status: number): Promise<void> {
  await fetch(`${PUSH}/answer/${id}`, { method: 'POST', body: JSON.stringify({ status }) });
}
