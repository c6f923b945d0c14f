import { describe, expect, it } from 'vitest';
import { AccountPlayerSchema } from '../../src/contract/accounts.js';
import { HistorySchema } from '../../src/contract/history.js';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { SharesSchema } from '../../src/contract/shares.js';
import { appAt } from '../support/app.js';
import { devIdToken } from '../support/id-tokens.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, type NewPlayer, register, solveAs, someAddress } from '../support/play.js';
import { accountRows, postSession, putOperatorPlayer, solveRanked } from './support.js';

/**
 * Issue #44, item 1: an anonymous player signing in for the first time carries its history into the
 * account, once (`mergeAnonymous`): it becomes the account's player, so its streak, ratings, history and
 * shares are the account's, and its old token stops working. Two histories are never merged.
 */
const date = '2026-11-26';
const at = `${date}T20:00:00Z`;
const api = appAt(at);

/** An anonymous player with a ranked solve of the date and a share of it. */
async function playedAnonymously(): Promise<NewPlayer> {
  const player = await register(`${date}T08:00:00Z`);
  await solveRanked(player.token, date, 'easy');
  const shared = await api('/v1/players/me/shares', {
    method: 'POST',
    headers: { ...bearer(player.token), 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify({ date, kind: 'sudoku', level: 'easy' }),
  });
  expect(shared.status).toBe(201);
  return player;
}

/** What the player's token reads of itself: profile, history and shares. */
async function ownView(token: string) {
  const me = await bodyOf(await api('/v1/players/me', { headers: bearer(token) }), PlayerProfileSchema);
  const history = await bodyOf(
    await api('/v1/players/me/history', { headers: bearer(token) }),
    HistorySchema,
  );
  const shares = await bodyOf(await api('/v1/players/me/shares', { headers: bearer(token) }), SharesSchema);
  return { me, history, shares };
}

async function signInMerging(sub: string, token: string): Promise<Response> {
  return postSession(at, { idToken: await devIdToken(at, { sub }), mergeAnonymous: true }, token);
}

describe('an anonymous player merging into a new account', () => {
  it('keeps its streak, ratings, history and shares under the account, from the browser', async () => {
    const anonymous = await playedAnonymously();
    const before = await ownView(anonymous.token);
    expect(before.me.ratings).not.toEqual([]);
    const res = await signInMerging('merge-browser', anonymous.token);
    expect(res.status).toBe(201);
    const account = await bodyOf(res, AccountPlayerSchema);
    expect(account.player.id).toBe(anonymous.player.id);
    expect(await ownView(account.token)).toEqual(before);
  });

  it('leaves its old token refused with 401', async () => {
    const anonymous = await playedAnonymously();
    expect((await signInMerging('merge-old-token', anonymous.token)).status).toBe(201);
    const res = await api('/v1/players/me', { headers: bearer(anonymous.token) });
    expect(res.status).toBe(401);
  });

  it('is the same player the account gives from then on, by the operator key too', async () => {
    const anonymous = await playedAnonymously();
    await signInMerging('merge-then-operator', anonymous.token);
    const res = await putOperatorPlayer(at, 'merge-then-operator');
    expect((await bodyOf(res, AccountPlayerSchema)).player.id).toBe(anonymous.player.id);
  });

  it('works server to server with the anonymous token in the body', async () => {
    const anonymous = await playedAnonymously();
    const before = await ownView(anonymous.token);
    const res = await putOperatorPlayer(at, 'merge-operator', {
      mergeAnonymous: true,
      anonymousToken: anonymous.token,
    });
    expect(res.status).toBe(201);
    const account = await bodyOf(res, AccountPlayerSchema);
    expect(account.player.id).toBe(anonymous.player.id);
    expect(await ownView(account.token)).toEqual(before);
    expect((await api('/v1/players/me', { headers: bearer(anonymous.token) })).status).toBe(401);
    expect((await accountRows('merge-operator')).map((row) => row.created_by)).toEqual(['operator:dev']);
  });
});

describe('a merge that is refused', () => {
  it('a second merge of the same player, into another account, is a 409 already_merged', async () => {
    const anonymous = await playedAnonymously();
    const first = await bodyOf(await signInMerging('merge-twice-a', anonymous.token), AccountPlayerSchema);
    const res = await signInMerging('merge-twice-b', first.token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('already_merged');
    expect(await accountRows('merge-twice-b')).toEqual([]);
  });

  it('a second merge of the same player into its own account is a 409 too', async () => {
    const anonymous = await playedAnonymously();
    const first = await bodyOf(await signInMerging('merge-again', anonymous.token), AccountPlayerSchema);
    expect((await signInMerging('merge-again', first.token)).status).toBe(409);
  });

  it('into an account whose player has played is a 409 account_has_history, and changes nothing', async () => {
    const owner = await bodyOf(await putOperatorPlayer(at, 'has-history'), AccountPlayerSchema);
    const played = await solveAs(owner.token, {
      date,
      kind: 'sudoku',
      level: 'medium',
      fetchAt: `${date}T10:00:00Z`,
      submitAt: `${date}T10:30:00Z`,
    });
    expect(played.status).toBe(200);
    const anonymous = await playedAnonymously();
    const res = await signInMerging('has-history', anonymous.token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('account_has_history');
    expect((await api('/v1/players/me', { headers: bearer(anonymous.token) })).status).toBe(200);
  });

  it('into an account whose player has not played is a 409 account_exists', async () => {
    await putOperatorPlayer(at, 'exists-unplayed');
    const anonymous = await playedAnonymously();
    const res = await signInMerging('exists-unplayed', anonymous.token);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('account_exists');
  });

  it('with an anonymous token in the body that no longer works is a 400 invalid_anonymous_token', async () => {
    const anonymous = await register(at);
    await signInMerging('revoked-body-token', anonymous.token);
    const res = await putOperatorPlayer(at, 'another-account', {
      mergeAnonymous: true,
      anonymousToken: anonymous.token,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_anonymous_token');
  });
});
