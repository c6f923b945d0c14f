// @ts-check
/**
 * Devices of the player: a link code to show (large, with its expiry counting down), a code from another
 * device to enter (this device then plays as that player: api.js replaces the stored credentials and the
 * page hears of it through onPlayerChange), and the list of the player's devices, each but this one with a
 * button that signs it out.
 */

import * as api from './api.js';
import { h } from './kinds/common.js';
import { act, byId, formatTime, say } from './ui.js';

const ui = {
  show: /** @type {HTMLButtonElement} */ (byId('link-show')),
  code: byId('link-code'),
  codeText: byId('link-code-text'),
  expiry: byId('link-code-expiry'),
  form: /** @type {HTMLFormElement} */ (byId('link-form')),
  input: /** @type {HTMLInputElement} */ (byId('link-input')),
  list: byId('device-list'),
};

/** @type {ReturnType<typeof setInterval> | undefined} */
let countdown;

function hideCode() {
  clearInterval(countdown);
  ui.code.hidden = true;
}

/** @param {api.LinkCode} link */
function showCode(link) {
  hideCode();
  // Counted on this device's clock from the server's figure, so a clock that is off does not matter.
  const expires = Date.now() + link.expiresInSeconds * 1000;
  ui.codeText.textContent = link.code;
  const tick = () => {
    const left = expires - Date.now();
    ui.expiry.textContent = left > 0 ? `expires in ${formatTime(left)}` : 'expired: show a new one';
    if (left <= 0) {
      clearInterval(countdown);
      ui.codeText.classList.add('expired');
    }
  };
  ui.codeText.classList.remove('expired');
  tick();
  countdown = setInterval(tick, 1000);
  ui.code.hidden = false;
}

/** @param {api.Device['via']} via */
const howLinked = (via) =>
  via === 'link'
    ? 'linked with a code'
    : via === 'register'
      ? 'where the player began'
      : via === 'read'
        ? 'a read-only token'
        : 'an older token';

/** Lists the player's devices; a code shown for another player (before a switch) is put away. */
export async function refreshDevices() {
  const shownFor = ui.code.dataset.player;
  if (shownFor && shownFor !== api.playerId()) hideCode();
  const { tokens: devices } = await api.client.tokens();
  ui.list.replaceChildren(
    ...devices.map((device) => {
      const since = new Date(device.createdAt).toLocaleString([], {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      const row = h('li', { 'data-device': device.id, class: device.current ? 'current' : '' }, [
        h('span', {
          class: 'name',
          text: device.current
            ? 'This device'
            : device.via === 'read'
              ? (device.label ?? 'A widget')
              : 'Another device',
        }),
        h('span', { class: 'note', text: `${howLinked(device.via)}, ${since}` }),
      ]);
      if (device.push) {
        const hour = `${String(device.push.hour).padStart(2, '0')}:00`;
        row.append(h('span', { class: 'note', 'data-reminder': hour, text: `reminded at ${hour}` }));
      }
      if (!device.current) {
        const button = h('button', {
          type: 'button',
          'data-action': 'sign-out',
          text: 'Sign out that device',
        });
        button.addEventListener('click', () =>
          act(button, async () => {
            await api.client.revokeToken(device.id);
            await refreshDevices();
            say('That device is signed out: its next request will be refused.');
          }),
        );
        row.append(button);
      }
      return row;
    }),
  );
}

ui.show.addEventListener('click', () =>
  act(ui.show, async () => {
    showCode(await api.client.createLinkCode());
    ui.code.dataset.player = api.playerId() ?? '';
  }),
);

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  const button = ui.form.querySelector('button');
  void act(button, async () => {
    await api.linkDevice(ui.input.value.trim());
    ui.input.value = '';
  });
});
