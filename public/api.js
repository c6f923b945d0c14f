// @ts-check
/**
 * The page's side of the API: the built `daily-puzzles/client` (served from this origin at
 * /daily-puzzles/, copied into the assets by wrangler's build step), with what only this page holds: the
 * player's credentials in localStorage, and what happens when another device signs this one out. Every
 * request goes through `client`; nothing here can see an answer or a hidden colour, because the API never
 * sends one before the date has ended everywhere.
 */

import { ApiError, BOOKMARK_HEADER, createClient, newerBookmark } from './daily-puzzles/client/index.js';

export { ApiError };

/**
 * The shapes are the client package's (inferred from the schemas the server validates with), so
 * `npm test`'s type check of this page fails when the page and the API disagree.
 * @typedef {import('./daily-puzzles/client/index.js').Client} Client
 * @typedef {import('./daily-puzzles/client/index.js').Kind} Kind
 * @typedef {import('./daily-puzzles/client/index.js').Level} Level
 * @typedef {import('./daily-puzzles/client/index.js').LevelOf<'colorsort'>} ColorSortLevel
 * @typedef {import('./daily-puzzles/client/index.js').HintPositions} HintPositions each kind's hint position format
 * @typedef {import('./daily-puzzles/client/index.js').PositionOf<Kind>} HintPosition
 * @typedef {import('./daily-puzzles/client/index.js').PlayerProfile} Player
 * @typedef {Player['boardVisibility']} BoardVisibility
 * @typedef {Player['ratings'][number]} Rating
 * @typedef {import('./daily-puzzles/client/index.js').Streak} Streak `change`: what the submission just made
 *   did to the streak (null on a profile, or when it changed nothing)
 * @typedef {import('./daily-puzzles/client/index.js').NewPlayer} NewPlayer
 * @typedef {import('./daily-puzzles/client/index.js').PlayablePuzzle} PuzzleView
 * @typedef {import('./daily-puzzles/client/index.js').DayPuzzles} DayPuzzles
 * @typedef {import('./daily-puzzles/client/index.js').SubmissionOf<Kind>} Submission
 * @typedef {import('./daily-puzzles/client/index.js').SubmissionResult} SubmissionResult
 * @typedef {NonNullable<SubmissionResult['verdict']>} Verdict
 * @typedef {import('./daily-puzzles/client/index.js').BoardScope} Scope whose rows a board shows; ranks are
 *   within it
 * @typedef {import('./daily-puzzles/client/index.js').PuzzleBoard} PuzzleBoard
 * @typedef {PuzzleBoard['entries'][number]} BoardEntry only players the caller may see are listed
 * @typedef {import('./daily-puzzles/client/index.js').DailyBoard} DailyBoard
 * @typedef {DailyBoard['entries'][number]} DailyEntry
 * @typedef {Pick<BoardEntry, 'playerId' | 'displayName'>} ShownPlayer
 * @typedef {import('./daily-puzzles/client/index.js').BoardQuery} BoardPage
 * @typedef {import('./daily-puzzles/client/index.js').PuzzleStats} PuzzleStats
 * @typedef {PuzzleStats['histogram'][number]} Bucket
 * @typedef {import('./daily-puzzles/client/index.js').ColorSortPosition} TubesView
 * @typedef {{ date: string, kind: Kind, level: Level }} PuzzleKey
 * @typedef {import('./daily-puzzles/client/index.js').KindList['kinds'][number]} KindInfo
 * @typedef {import('./daily-puzzles/client/index.js').History} History
 * @typedef {History['entries'][number]} HistoryEntry `verdict` is null for wrong attempts and practice
 * @typedef {import('./daily-puzzles/client/index.js').LinkCode} LinkCode
 * @typedef {import('./daily-puzzles/client/index.js').PlayerTokens['tokens'][number]} Device one token in
 *   use, `current` the one of this request
 * @typedef {import('./daily-puzzles/client/index.js').FollowsPage} Follows
 * @typedef {Follows['follows'][number]} Follow
 * @typedef {import('./daily-puzzles/client/index.js').Group} Group
 * @typedef {import('./daily-puzzles/client/index.js').PlayerGroups} PlayerGroups
 * @typedef {import('./daily-puzzles/client/index.js').GroupDetail} GroupDetail `inviteCode` for the owner
 *   only
 * @typedef {GroupDetail['memberList'][number]} GroupMember
 * @typedef {{ reason: 'linked' | 'signed-out', player: Player }} PlayerChange
 */

const PLAYER_KEY = 'daily-puzzles.player';

/** @type {{ id: string, token: string } | null} */
let credentials = null;
/** @type {(change: PlayerChange) => void} */
let playerChanged = () => undefined;
/** The registration that replaces refused credentials, shared by the requests that found them refused. */
/** @type {Promise<Player> | null} */
let replacing = null;

/** Message of the error a request gets when this device's token was refused. */
export const SIGNED_OUT =
  'This device was signed out (its token is no longer accepted). It now plays as a new anonymous player: ' +
  'enter a code from another device to link it again.';

/**
 * The newest D1 bookmark any response gave the page, whichever of its two clients asked: the anonymous
 * registration's, for one, is what the player's first requests must read at least.
 * @type {string | null}
 */
let bookmark = null;

/**
 * Every request of the page: what carries a token is one player's, and a `fresh` answer is wanted now, so
 * neither comes from or goes into the browser's cache. Each carries the page's newest D1 bookmark, so the
 * page reads what it just wrote whichever database replica answers. A response that refuses the token the
 * request carried (401) is answered to the page as `signed_out`, once a new anonymous player has taken this
 * device's place.
 * @param {string} input
 * @param {RequestInit} init
 */
async function pageFetch(input, init) {
  const sent = credentials;
  const headers = new Headers(init.headers);
  const personal = headers.has('authorization');
  const cache = personal || headers.has('cache-control') ? 'no-store' : 'default';
  const newest = newerBookmark(bookmark, headers.get(BOOKMARK_HEADER));
  if (newest !== null) headers.set(BOOKMARK_HEADER, newest);
  const res = await fetch(input, { ...init, headers, cache });
  bookmark = await keptBookmark(res);
  if (res.status !== 401 || !personal || !sent) return res;
  await replaceRefused(sent);
  return Response.json({ error: { code: 'signed_out', message: SIGNED_OUT } }, { status: 401 });
}

/**
 * The page's bookmark after `res`: the newer of the two, or none when the API refused the one sent (the
 * client drops its own then too).
 * @param {Response} res
 */
async function keptBookmark(res) {
  const refused =
    res.status === 400 &&
    (await res
      .clone()
      .json()
      .then((body) => body?.error?.code === 'invalid_bookmark')
      .catch(() => false));
  return refused ? null : newerBookmark(bookmark, res.headers.get(BOOKMARK_HEADER));
}

/** The API as this page's player: its token on every request. */
export const client = createClient('', { token: () => credentials?.token, fetch: pageFetch });

/**
 * The API without a token, for what answers everyone alike (the kinds, the day's puzzles, a puzzle's
 * statistics), so that caches may serve it, and for registering a new player.
 */
export const anonymous = createClient('', { fetch: pageFetch });

/**
 * Called when the page's player changes under it: this device was linked to another player, or its token
 * was refused (signed out from another device) and a new anonymous player took its place.
 * @param {(change: PlayerChange) => void} listener
 */
export function onPlayerChange(listener) {
  playerChanged = listener;
}

/** @param {NewPlayer} created */
function keep(created) {
  credentials = { id: created.player.id, token: created.token };
  localStorage.setItem(PLAYER_KEY, JSON.stringify(credentials));
  return created.player;
}

/**
 * The server refused this device's token (revoked from another device, or signed by a key it no longer
 * holds): a new anonymous player takes its place, once however many requests found out.
 * @param {{ id: string, token: string }} refused
 */
async function replaceRefused(refused) {
  if (credentials !== refused) return;
  replacing ??= anonymous
    .register()
    .then((created) => {
      const player = keep(created);
      playerChanged({ reason: 'signed-out', player });
      return player;
    })
    .finally(() => {
      replacing = null;
    });
  await replacing;
}

/**
 * The player of this browser: registered anonymously on the first visit, its token kept in localStorage.
 * `signedOut`: the stored token was refused, so a new anonymous player took its place.
 * @returns {Promise<{ player: Player, signedOut: boolean }>}
 */
export async function ensurePlayer() {
  const stored = localStorage.getItem(PLAYER_KEY);
  if (stored) {
    try {
      credentials = JSON.parse(stored);
      return { player: await client.me(), signedOut: false };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'signed_out') {
        return { player: await client.me(), signedOut: true };
      }
      if (!(error instanceof SyntaxError)) throw error;
    }
  }
  return { player: keep(await anonymous.register()), signedOut: false };
}

/**
 * Makes this device the player of another device's code: the stored credentials are replaced (the
 * player this device had stays behind) and the page hears of it through onPlayerChange.
 * @param {string} code
 * @returns {Promise<Player>}
 */
export async function linkDevice(code) {
  const player = keep(await anonymous.link(code));
  playerChanged({ reason: 'linked', player });
  return player;
}

/** The signed-in player's id (after ensurePlayer), to find its own row on leaderboards. */
export function playerId() {
  return credentials?.id ?? null;
}
