// @ts-check
/**
 * "Remind me" in the profile: at the hour chosen, of the player's time zone, the Worker's cron pushes a
 * reminder to this browser on a day with nothing solved yet. The button asks the browser's permission,
 * registers the service worker (sw.js, which shows the notification), subscribes with the server's VAPID
 * key and hands the subscription to the API; "Stop" removes it on both sides.
 */

import * as api from './api.js';
import { act, byId, say } from './ui.js';

const ui = {
  hour: /** @type {HTMLSelectElement} */ (byId('remind-hour')),
  start: /** @type {HTMLButtonElement} */ (byId('remind-me')),
  stop: /** @type {HTMLButtonElement} */ (byId('remind-stop')),
  state: byId('remind-state'),
};

const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Said beside the button, where a phone's player is looking, not only in the far-away status line. */
const BLOCKED =
  'Notifications are blocked for this page, so no reminder can reach you. Allow them in the browser ' +
  "(the site's settings, next to the address), then press Remind me again.";

/** Whether the browser has refused this page notifications (asking again would not even show a prompt). */
const blocked = () => supported && Notification.permission === 'denied';

ui.hour.replaceChildren(
  ...Array.from({ length: 24 }, (_, hour) => new Option(`${String(hour).padStart(2, '0')}:00`, String(hour))),
);
ui.hour.value = '19';

/** @param {string} text base64url, as the server writes the key */
function bytesOf(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** @param {import('./daily-puzzles/client/index.js').PushSubscriptionView | null | undefined} push */
function show(push) {
  ui.stop.hidden = !push;
  ui.start.textContent = push ? 'Change the hour' : 'Remind me';
  if (push) ui.hour.value = String(push.hour);
  ui.state.textContent = push
    ? `On this device at ${ui.hour.selectedOptions[0]?.textContent} (${push.timeZone}), when nothing is solved yet that day`
    : !supported
      ? 'This browser cannot show pushed notifications'
      : blocked()
        ? BLOCKED
        : 'A notification at that hour on days the streak is still open';
  ui.state.dataset.tone = !push && blocked() ? 'error' : 'info';
}

/** This device's reminder as the API keeps it (listed with the devices). */
export async function refreshReminder() {
  const { tokens } = await api.client.tokens();
  show(tokens.find((t) => t.current)?.push);
}

async function subscription() {
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { publicKey } = await api.client.pushKey();
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: bytesOf(publicKey),
  });
}

ui.start.disabled = !supported;
ui.start.addEventListener('click', () =>
  act(ui.start, async () => {
    if ((await Notification.requestPermission()) !== 'granted') {
      // The status line first: it is above, and its new height would push the note out of view again.
      say('Reminders are not on: notifications are blocked (the reason is beside the button).', 'error');
      ui.state.textContent = BLOCKED;
      ui.state.dataset.tone = 'error';
      ui.state.scrollIntoView({ block: 'nearest' });
      return;
    }
    const browser = await subscription();
    const keys = browser.toJSON().keys ?? {};
    const kept = await api.client.subscribePush(
      {
        endpoint: browser.endpoint,
        expirationTime: null,
        keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
      },
      Number(ui.hour.value),
    );
    show(kept);
    say(`Reminders on: ${ui.state.textContent}.`);
  }),
);

ui.stop.addEventListener('click', () =>
  act(ui.stop, async () => {
    const registration = await navigator.serviceWorker.getRegistration('/sw.js');
    const browser = await registration?.pushManager.getSubscription();
    if (browser) {
      await api.client.unsubscribePush(browser.endpoint).catch((error) => {
        if (!(error instanceof api.ApiError && error.status === 404)) throw error;
      });
      await browser.unsubscribe();
    }
    show(null);
    say('Reminders off on this device.');
  }),
);
