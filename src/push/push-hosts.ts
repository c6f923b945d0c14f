/**
 * Which hosts the reminder cron may post to. A subscription's endpoint comes from the player, so without a
 * list the Worker would send signed requests to any https URL anyone registers. Browsers' push services
 * live under a handful of domains; a deployment that needs another names it in PUSH_SERVICE_HOSTS.
 */

/** The push services of Chrome and Android, Firefox, Edge and Safari, as host suffixes. */
export const BROWSER_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

/** Host suffixes a subscription's endpoint must end with, or `any` (development's local push services). */
export type PushHosts = readonly string[] | 'any';

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** `PUSH_SERVICE_HOSTS` read: `*` for any, else comma-separated host names; null when one is not a host name. */
export function parsePushHosts(text: string): PushHosts | null {
  if (text.trim() === '*') return 'any';
  const hosts = text
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  return hosts.length > 0 && hosts.every((h) => HOST.test(h)) ? hosts : null;
}

/** Whether `endpoint`'s host is one of `hosts` or a subdomain of one (`wns2-by3p.notify.windows.com`). */
export function pushHostAllowed(hosts: PushHosts, endpoint: string): boolean {
  if (hosts === 'any') return true;
  const host = new URL(endpoint).hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}
