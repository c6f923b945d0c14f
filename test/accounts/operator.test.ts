import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { AccountPlayerSchema } from '../../src/contract/accounts.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, register, vouch } from '../support/play.js';
import { accountRows, putOperatorPlayer, solveRanked } from './support.js';

/**
 * Issue #44, item 1, server to server: an operator key (OPERATOR_KEYS) makes the player of one of the
 * site's accounts with PUT /v1/operator/players/{externalId}, once, and hands out a player token for it.
 */
const date = '2026-11-26';
const at = `${date}T20:00:00Z`;

async function accountPlayer(externalId: string, body?: unknown) {
  const res = await putOperatorPlayer(at, externalId, body);
  expect(res.status).toBeLessThan(300);
  return bodyOf(res, AccountPlayerSchema);
}

describe('PUT /v1/operator/players/{externalId} with an operator key', () => {
  it('makes the player the first time, with its display name, and answers 201', async () => {
    const res = await putOperatorPlayer(at, 'first-time', { displayName: 'Ada' });
    expect(res.status).toBe(201);
    const body = await bodyOf(res, AccountPlayerSchema);
    expect(body.created).toBe(true);
    expect(body.player.displayName).toBe('Ada');
  });

  it('gives the same player every time after, with a fresh token that works', async () => {
    const first = await accountPlayer('same-every-time');
    const res = await putOperatorPlayer(at, 'same-every-time');
    expect(res.status).toBe(200);
    const again = await bodyOf(res, AccountPlayerSchema);
    expect(again).toMatchObject({ created: false, player: { id: first.player.id } });
    expect(again.token).not.toBe(first.token);
    expect((await appAt(at)('/v1/players/me', { headers: bearer(again.token) })).status).toBe(200);
  });

  it('changes the display name when a later call gives one', async () => {
    await accountPlayer('renamed', { displayName: 'Ada' });
    expect((await accountPlayer('renamed', { displayName: 'Grace' })).player.displayName).toBe('Grace');
  });

  it('keeps which key made the player with the account', async () => {
    await accountPlayer('audited');
    expect((await accountRows('audited')).map((row) => row.created_by)).toEqual(['operator:dev']);
  });

  it('gives one player for the same external id from ten concurrent calls, and makes no other', async () => {
    const players = async () =>
      (await env.DB.prepare('select count(*) as n from players').first<{ n: number }>())?.n ?? 0;
    const before = await players();
    const bodies = await Promise.all(
      Array.from({ length: 10 }, () => putOperatorPlayer(at, 'concurrent').then((res) => res.json())),
    );
    const parsed = bodies.map((body) => AccountPlayerSchema.parse(body));
    expect(new Set(parsed.map((body) => body.player.id)).size).toBe(1);
    expect(parsed.filter((body) => body.created)).toHaveLength(1);
    expect(await accountRows('concurrent')).toHaveLength(1);
    expect(await players()).toBe(before + 1);
  });

  it('takes an external id of 128 characters', async () => {
    expect((await putOperatorPlayer(at, 'x'.repeat(128))).status).toBe(201);
  });
});

describe('the operator route refuses', () => {
  it('a player token with 401', async () => {
    const player = await register(at);
    const res = await putOperatorPlayer(at, 'refused', undefined, player.token);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).error.code).toBe('unauthorized');
  });

  it('the admin token with 401', async () => {
    expect((await putOperatorPlayer(at, 'refused', undefined, DEV_SECRETS.ADMIN_TOKEN)).status).toBe(401);
  });

  it('no token with 401', async () => {
    const res = await appAt(at)('/v1/operator/players/refused', { method: 'PUT' });
    expect(res.status).toBe(401);
  });

  it('a key rotated out of OPERATOR_KEYS with 401, and takes both keys while both are listed', async () => {
    const [old, next] = [
      'old-key-9f8e7d6c5b4a3928171605f4e3d2c1b0',
      'next-key-0a1b2c3d4e5f60718293a4b5c6d7e8f9',
    ];
    const during = { ...env, OPERATOR_KEYS: `old:${old},next:${next}` };
    const after = { ...env, OPERATOR_KEYS: `next:${next}` };
    expect((await putOperatorPlayer(at, 'rotation', undefined, old, during)).status).toBe(201);
    expect((await putOperatorPlayer(at, 'rotation', undefined, next, during)).status).toBe(200);
    expect((await putOperatorPlayer(at, 'rotation', undefined, next, after)).status).toBe(200);
    expect((await putOperatorPlayer(at, 'rotation', undefined, old, after)).status).toBe(401);
  });

  it('an external id of 129 characters with 400', async () => {
    expect((await putOperatorPlayer(at, 'x'.repeat(129))).status).toBe(400);
  });

  it('an external id holding a control character with 400', async () => {
    expect((await putOperatorPlayer(at, 'user\u0000one')).status).toBe(400);
  });

  it('an empty external id with 400', async () => {
    const res = await putOperatorPlayer(at, '');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.message).toMatch(/externalId: must not be empty/);
  });

  it('an empty external id without an operator key with 401, as the route does', async () => {
    const res = await appAt(at)('/v1/operator/players/', { method: 'PUT' });
    expect(res.status).toBe(401);
  });

  it('a bad display name with 400, an empty one included', async () => {
    for (const displayName of ['', 'x', 'a'.repeat(33), 'Ad\u200Ba', 42]) {
      expect((await putOperatorPlayer(at, 'bad-name', { displayName })).status, String(displayName)).toBe(
        400,
      );
    }
  });

  it('malformed JSON with 400 invalid_json', async () => {
    const res = await putOperatorPlayer(at, 'bad-json', '{"displayName": ');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_json');
  });

  it('an unknown field, and mergeAnonymous without anonymousToken, with 400', async () => {
    expect((await putOperatorPlayer(at, 'bad-body', { externalId: 'x' })).status).toBe(400);
    expect((await putOperatorPlayer(at, 'bad-body', { mergeAnonymous: true })).status).toBe(400);
    expect((await putOperatorPlayer(at, 'bad-body', { anonymousToken: 'a.b.c.d' })).status).toBe(400);
  });
});

describe('the external id', () => {
  it('is in no board and no profile of the player', async () => {
    const externalId = 'secret-account-7731';
    const account = await accountPlayer(externalId, { displayName: 'Hopper' });
    await solveRanked(account.token, date, 'easy');
    await vouch({ player: account.player, token: account.token });
    const api = appAt(at);
    const board = await api(`/v1/leaderboards/${date}/sudoku/easy`, { headers: bearer(account.token) });
    const boardText = await board.text();
    expect(boardText).toContain(account.player.id);
    const answers = [
      boardText,
      await (await api(`/v1/leaderboards/${date}/daily`)).text(),
      await (await api(`/v1/players/${account.player.id}`)).text(),
      await (await api('/v1/players/me', { headers: bearer(account.token) })).text(),
    ];
    for (const text of answers) expect(text).not.toContain(externalId);
  });

  it("is in the player's own export", async () => {
    const account = await accountPlayer('exported-account');
    const res = await appAt(at)('/v1/players/me/export', { headers: bearer(account.token) });
    expect(await res.json()).toMatchObject({ account: { externalId: 'exported-account' } });
  });

  it('goes with the player when it is deleted, so the next call makes a new player', async () => {
    const account = await accountPlayer('deleted-account');
    const res = await appAt(at)('/v1/players/me', { method: 'DELETE', headers: bearer(account.token) });
    expect(res.status).toBe(204);
    expect(await accountRows('deleted-account')).toEqual([]);
    const again = await accountPlayer('deleted-account');
    expect(again.created).toBe(true);
    expect(again.player.id).not.toBe(account.player.id);
  });
});
