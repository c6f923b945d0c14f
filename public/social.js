// @ts-check
/**
 * Following and groups. The players followed are read whole (the API pages them) so that board rows know
 * their button; the player's groups are read from the API with their members, so every linked device
 * shows the same.
 */

import * as api from './api.js';
import { h } from './kinds/common.js';
import { act, byId, playerLabel, plural, say } from './ui.js';

const ui = {
  follows: byId('follow-list'),
  followsEmpty: byId('follow-empty'),
  makeForm: /** @type {HTMLFormElement} */ (byId('group-make')),
  makeName: /** @type {HTMLInputElement} */ (byId('group-name')),
  joinForm: /** @type {HTMLFormElement} */ (byId('group-join')),
  joinCode: /** @type {HTMLInputElement} */ (byId('group-code')),
  groups: byId('group-list'),
};

/** @type {Map<string, api.Follow>} */
let followed = new Map();
/** @type {api.GroupDetail[]} */
let groups = [];
/** @type {Set<() => void>} */
const listeners = new Set();

/** @param {string} playerId */
export const isFollowed = (playerId) => followed.has(playerId);

/** The player's groups as last read, for the board's tabs. */
export const myGroups = () => groups;

/** Called after the follows or groups changed. @param {() => void} listener */
export function onSocialChange(listener) {
  listeners.add(listener);
}

function changed() {
  renderFollows();
  renderGroups();
  for (const listener of listeners) listener();
}

export async function refreshSocial() {
  await Promise.all([loadFollows(), loadGroups()]);
  changed();
}

async function loadFollows() {
  /** @type {Map<string, api.Follow>} */
  const all = new Map();
  /** @type {string | undefined} */
  let cursor;
  do {
    const page = await api.client.follows({ limit: 100, cursor });
    for (const f of page.follows) all.set(f.playerId, f);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  followed = all;
}

/**
 * Follows a player of a board row, or stops following it.
 * @param {{ playerId: string, displayName: string | null }} player
 */
export async function toggleFollow(player) {
  const name = playerLabel(player);
  if (followed.has(player.playerId)) {
    await api.client.unfollow(player.playerId);
    say(`You no longer follow ${name}.`);
  } else {
    await api.client.follow(player.playerId);
    say(`You follow ${name}: their times show on your Following board.`);
  }
  await loadFollows();
  changed();
}

function renderFollows() {
  ui.follows.replaceChildren(
    ...[...followed.values()].map((f) => {
      const button = h('button', { type: 'button', 'data-action': 'unfollow', text: 'Unfollow' });
      button.addEventListener('click', () => act(button, () => toggleFollow(f)));
      return h('li', { 'data-player': f.playerId }, [
        h('span', { class: 'name', text: playerLabel(f) }),
        button,
      ]);
    }),
  );
  ui.followsEmpty.hidden = followed.size > 0;
}

// Groups ----------------------------------------------------------------------------------------------

async function loadGroups() {
  const { groups: mine } = await api.client.myGroups();
  const found = await Promise.all(
    mine.map((g) =>
      api.client.group(g.id).catch((error) => {
        // Left or removed between the two reads.
        if (error instanceof api.ApiError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  groups = found.filter((g) => g !== null);
}

async function reloadGroups() {
  await loadGroups();
  changed();
}

ui.makeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void act(ui.makeForm.querySelector('button'), async () => {
    const { group } = await api.client.createGroup(ui.makeName.value.trim());
    ui.makeName.value = '';
    await reloadGroups();
    say(`Group ${group.name} made: give its invite code to the players you want in it.`);
  });
});

ui.joinForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void act(ui.joinForm.querySelector('button'), async () => {
    const { group } = await api.client.joinGroup(ui.joinCode.value.trim());
    ui.joinCode.value = '';
    await reloadGroups();
    say(`You joined ${group.name}: it has a tab on the leaderboard.`);
  });
});

/** @param {string} label @param {string} action @param {() => Promise<unknown>} run */
function button(label, action, run) {
  const control = h('button', { type: 'button', 'data-action': action, text: label });
  control.addEventListener('click', () => act(control, run));
  return control;
}

/** @param {api.GroupDetail} group */
function groupCard(group) {
  const mine = group.ownerId === api.playerId();
  const members = h(
    'ul',
    { class: 'members' },
    group.memberList.map((m) =>
      h('li', {
        text: playerLabel(m) + (m.playerId !== null && m.playerId === group.ownerId ? ' (owner)' : ''),
      }),
    ),
  );
  const card = h('article', { class: 'group', 'data-group': group.id }, [
    h('h3', { text: group.name }),
    h('p', { class: 'note', text: plural(group.members, 'member') + (mine ? ' · you own it' : '') }),
    members,
  ]);
  if (mine && group.inviteCode) {
    card.append(
      h('p', { class: 'invite' }, [
        'Invite code ',
        h('strong', { class: 'code', text: group.inviteCode }),
        button('New code', 'new-code', async () => {
          await api.client.rotateInviteCode(group.id);
          await reloadGroups();
          say(`${group.name} has a new invite code; the old one no longer works.`);
        }),
      ]),
    );
  }
  card.append(
    button('Leave', 'leave', async () => {
      await api.client.leaveGroup(group.id).catch((error) => {
        if (!(error instanceof api.ApiError && error.status === 404)) throw error;
      });
      await reloadGroups();
      say(`You left ${group.name}.`);
    }),
  );
  return card;
}

function renderGroups() {
  ui.groups.replaceChildren(...groups.map(groupCard));
}
