import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from '../../src/auth/base64url.js';
import { sign } from '../../src/auth/hmac.js';
import { type PlayerId, playerToken } from '../../src/auth/player-token.js';
import { keyIdOf } from '../../src/auth/signing-keys.js';
import { START_TOKEN_TTL_MS, startToken } from '../../src/auth/start-token.js';
import { DEV_SECRETS } from '../../src/config.js';
import { appAt } from '../support/app.js';
import { errorOf } from '../support/json.js';
import { bearer, register, solveStored, startPuzzle, submit } from '../support/play.js';

/**
 * Issue 27: every outcome of a token, through the API. A start token is refused once it is older than
 * START_TOKEN_TTL_MS (3 days) and when dated more than a minute ahead of the server (the clock skew it
 * forgives); a player token has no lifetime, only a signature. Whatever a token holds, even a correctly
 * signed claim of the wrong shape, the answer is a 4xx and nothing is recorded.
 */

const SECRET = DEV_SECRETS.TOKEN_SECRET;
const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const submittedAt = '2026-11-29T12:05:00Z';
const NOW = Date.parse(submittedAt);
const puzzleId = `${date}:loop:easy`;

/** A token of the current format over `claim` text, correctly signed with the server's secret. */
async function signedClaim(text: string): Promise<string> {
  const body = toBase64Url(new TextEncoder().encode(text));
  return `${body}.${await keyIdOf(SECRET)}.${await sign(SECRET, 'start', body)}`;
}

async function submissionsOf(playerId: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from submissions where player_id = ?')
    .bind(playerId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** A new player with a session of loop easy, submitting its solution at `submittedAt` with `startToken`. */
async function submitWith(startTokenFor: (playerId: PlayerId) => Promise<string> | string) {
  const { player, token } = await register(fetchedAt);
  await startPuzzle(fetchedAt, token, date, 'loop', 'easy');
  const res = await submit(submittedAt, token, `${date}/loop/easy`, {
    solution: await solveStored(date, 'loop', 'easy'),
    startToken: await startTokenFor(player.id as PlayerId),
  });
  return { res, playerId: player.id };
}

/** The refusal of a start token: 403 `invalid_start_token` with this message, and no row recorded. */
async function expectRefused(outcome: Awaited<ReturnType<typeof submitWith>>, message: string) {
  expect(outcome.res.status).toBe(403);
  const body = await errorOf(outcome.res);
  expect(body.error).toEqual({
    code: 'invalid_start_token',
    message,
    docUrl: '/docs/errors#invalid_start_token',
  });
  expect(await submissionsOf(outcome.playerId)).toBe(0);
}

const startedAt = (playerId: PlayerId, at: number) =>
  startToken({ current: SECRET }, { playerId, puzzleId, startedAt: at });

describe('a start token', () => {
  it(`is accepted at its lifetime exactly (${START_TOKEN_TTL_MS} ms old)`, async () => {
    const { res } = await submitWith((id) => startedAt(id, NOW - START_TOKEN_TTL_MS));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ valid: true, verdict: 'clean' });
  });

  it('is refused as expired 1 ms past its lifetime', async () => {
    await expectRefused(
      await submitWith((id) => startedAt(id, NOW - START_TOKEN_TTL_MS - 1)),
      'the start token has expired',
    );
  });

  it("is accepted dated a minute ahead of the server's clock, the skew it forgives", async () => {
    const { res } = await submitWith((id) => startedAt(id, NOW + 60_000));
    expect(res.status).toBe(200);
  });

  it('is refused as from the future 1 ms past that minute', async () => {
    await expectRefused(
      await submitWith((id) => startedAt(id, NOW + 60_001)),
      'the start token is dated in the future',
    );
  });

  it('is refused as forged when signed with another secret or carrying another claim’s signature', async () => {
    await expectRefused(
      await submitWith((playerId) =>
        startToken(
          { current: 'another-secret-0123456789abcdef0123456789' },
          { playerId, puzzleId, startedAt: NOW },
        ),
      ),
      'the start token was not issued by this server',
    );
    await expectRefused(
      await submitWith(async (playerId) => {
        const [body] = (await startedAt(playerId, NOW)).split('.');
        const [, keyId, mac] = (await startedAt(playerId, NOW - 1)).split('.');
        return `${body}.${keyId}.${mac}`;
      }),
      'the start token was not issued by this server',
    );
  });

  it('is refused as malformed, never a 500, when its correctly signed claim is not JSON or not [player, puzzle, time]', async () => {
    const claims = (playerId: string) => [
      'not json [',
      'null',
      '"a string"',
      '42',
      JSON.stringify({ playerId, puzzleId, startedAt: NOW }),
      JSON.stringify([playerId, puzzleId]),
      JSON.stringify([playerId, puzzleId, String(NOW)]),
      JSON.stringify([playerId, 7, NOW]),
      JSON.stringify([null, puzzleId, NOW]),
      JSON.stringify([[playerId], puzzleId, NOW]),
      '['.repeat(150) + ']'.repeat(150),
    ];
    for (const index of claims('').keys()) {
      await expectRefused(
        await submitWith((id) => signedClaim(claims(id)[index] ?? '')),
        'the start token is malformed',
      );
    }
  });

  it('is refused as malformed with too few, too many or empty parts', async () => {
    const shapes = [
      (t: string) => t.split('.')[0] ?? '',
      (t: string) => `${t}.x`,
      (t: string) => t.replace('.', '..'),
      (t: string) => `.${t}`,
    ];
    for (const shape of shapes) {
      await expectRefused(
        await submitWith(async (id) => shape(await startedAt(id, NOW))),
        'the start token is malformed',
      );
    }
  });
});

/** GET /v1/players/me with this Authorization header. */
const me = (authorization: string) =>
  appAt(submittedAt)('/v1/players/me', { headers: { Authorization: authorization } });

async function expectUnauthorized(res: Response, label: string) {
  expect(res.status, label).toBe(401);
  expect((await errorOf(res)).error.code, label).toBe('unauthorized');
}

/** A token of the current format over any `<playerId>.<tokenId>`, correctly signed with the server's secret. */
async function signedPlayer(playerId: string, tokenId: string): Promise<string> {
  return `${playerId}.${tokenId}.${await keyIdOf(SECRET)}.${await sign(SECRET, 'player', `${playerId}.${tokenId}`)}`;
}

describe('a player token', () => {
  it('has no lifetime: the token issued at registration still reads the player 400 days later', async () => {
    const { player, token } = await register(fetchedAt);
    const later = new Date(NOW + 400 * 86_400_000).toISOString();
    const res = await appAt(later)('/v1/players/me', { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: player.id });
  });

  it("is refused with another secret's signature or another token's", async () => {
    const { player, token } = await register(fetchedAt);
    const other = await register(fetchedAt);
    const [id, tokenId, keyId] = token.split('.');
    const foreign = await playerToken(
      { current: 'another-secret-0123456789abcdef0123456789' },
      player.id as PlayerId,
      tokenId,
    );
    await expectUnauthorized(await me(`Bearer ${foreign}`), 'another secret');
    const otherMac = other.token.split('.')[3];
    await expectUnauthorized(await me(`Bearer ${id}.${tokenId}.${keyId}.${otherMac}`), "another token's MAC");
  });

  it('is refused with 401, never a 500, when correctly signed over a claim of the wrong shape or of nobody', async () => {
    const { player, token } = await register(fetchedAt);
    const tokenId = token.split('.')[1] ?? '';
    const claims: [string, string][] = [
      ['nobody', tokenId],
      [player.id.toUpperCase(), tokenId],
      [player.id, tokenId.slice(1)],
      [player.id, `${tokenId}A`],
      [player.id, 'x'.repeat(15) + '='],
      ['00000000-0000-4000-8000-00000000dead', tokenId],
      [player.id, 'AAAAAAAAAAAAAAAA'],
    ];
    for (const [playerId, claimTokenId] of claims) {
      await expectUnauthorized(
        await me(`Bearer ${await signedPlayer(playerId, claimTokenId)}`),
        `${playerId}.${claimTokenId}`,
      );
    }
    // The earlier <playerId>.<mac> format, signed over something that is not a player id.
    await expectUnauthorized(await me(`Bearer nobody.${await sign(SECRET, 'player', 'nobody')}`), 'legacy');
  });

  it('is refused with 401 when malformed: another scheme, no token, too few or too many parts, too long', async () => {
    const { token } = await register(fetchedAt);
    const headers = [
      `Basic ${token}`,
      'Bearer',
      'Bearer ',
      `Bearer  ${token}`,
      `Bearer ${token.split('.').slice(0, 3).join('.')}`,
      `Bearer ${token}.x`,
      `Bearer ${token}!`,
      `Bearer ${token}${'A'.repeat(200)}`,
    ];
    for (const header of headers) await expectUnauthorized(await me(header), header.slice(0, 40));
    expect((await me(`Bearer ${token}`)).status).toBe(200);
  });
});
