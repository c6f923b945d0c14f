// @ts-check
/**
 * The demo page's service worker: it shows a streak reminder pushed by the Worker's cron as a
 * notification, and a click on it opens (or focuses) the page.
 */

/**
 * The parts of the service worker's scope used here (the page's type check knows the DOM, not workers).
 * @typedef {{ json(): unknown }} PushMessage
 * @typedef {{ data: PushMessage | null, waitUntil(promise: Promise<unknown>): void }} PushEventLike
 * @typedef {{ notification: Notification, waitUntil(promise: Promise<unknown>): void }} ClickEventLike
 * @typedef {{ url: string, focus(): Promise<unknown> }} WindowClientLike
 * @typedef {{
 *   matchAll(options: { type: 'window' }): Promise<WindowClientLike[]>,
 *   openWindow(url: string): Promise<unknown>,
 * }} ClientsLike
 * @typedef {{
 *   registration: ServiceWorkerRegistration,
 *   clients: ClientsLike,
 *   addEventListener(type: 'push', listener: (event: PushEventLike) => void): void,
 *   addEventListener(type: 'notificationclick', listener: (event: ClickEventLike) => void): void,
 * }} WorkerScope
 */

const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

scope.addEventListener('push', (event) => {
  const payload = /** @type {{ title?: string, body?: string, url?: string, date?: string }} */ (
    event.data?.json() ?? {}
  );
  event.waitUntil(
    scope.registration.showNotification(payload.title ?? 'Daily puzzles', {
      body: payload.body ?? '',
      tag: 'streak-reminder',
      icon: '/favicon.svg',
      data: { url: payload.url ?? '/' },
    }),
  );
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(/** @type {{ url: string }} */ (event.notification.data).url, location.origin).href;
  event.waitUntil(
    scope.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === location.origin);
      return open ? open.focus() : scope.clients.openWindow(url);
    }),
  );
});
