import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { DEV_SECRETS } from '../../src/config.js';
import { NewPlayerSchema } from '../../src/contract/player.js';
import { PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import type { Env } from '../../src/env.js';
import { bodyOf } from '../support/json.js';
import { bearer, humanLogFor, type NewPlayer, solveStored, someAddress } from '../support/play.js';

const DATE = '2026-11-29';
const app = createApp({ now: () => new Date('2026-11-29T12:00:00Z') });
const later = createApp({ now: () => new Date('2026-11-29T12:10:00Z') });
const NEXT_SECRET = 'the-next-token-secret-0123456789abcdef0123';

/** The three stages of a rotation, as the Worker's environment shows them. */
const before: Env = { ...env };
const during: Env = { ...env, TOKEN_SECRET: NEXT_SECRET, TOKEN_SECRET_PREVIOUS: DEV_SECRETS.TOKEN_SECRET };
const after: Env = { ...env, TOKEN_SECRET: NEXT_SECRET };

async function me(stage: Env, token: string): Promise<number> {
  return (await app.request('/v1/players/me', { headers: bearer(token) }, stage)).status;
}

async function registerIn(stage: Env): Promise<NewPlayer> {
  const res = await app.request(
    '/v1/players',
    { method: 'POST', headers: { 'content-type': 'application/json', ...someAddress() }, body: '{}' },
    stage,
  );
  return await bodyOf(res, NewPlayerSchema);
}

describe('rotating TOKEN_SECRET', () => {
  it('keeps tokens issued before it valid while TOKEN_SECRET_PREVIOUS is set', async () => {
    const { token } = await registerIn(before);
    expect(await me(during, token)).toBe(200);
  });

  it('refuses tokens of the retired secret once TOKEN_SECRET_PREVIOUS is removed', async () => {
    const { token } = await registerIn(before);
    expect(await me(after, token)).toBe(401);
  });

  it('issues tokens during the rotation that stay valid after it', async () => {
    const { token } = await registerIn(during);
    expect(await me(during, token)).toBe(200);
    expect(await me(after, token)).toBe(200);
  });

  it('ranks a solve whose start token was signed before the rotation', async () => {
    const { player, token } = await registerIn(before);
    const opened = await app.request(`/v1/puzzles/${DATE}/sudoku/easy`, { headers: bearer(token) }, before);
    const { startToken } = await bodyOf(opened, PlayablePuzzleSchema);
    const solution = await solveStored(DATE, 'sudoku', 'easy');
    const log = await humanLogFor(player.id, `${DATE}/sudoku/easy`, solution, '2026-11-29T12:10:00Z');
    const res = await later.request(
      `/v1/puzzles/${DATE}/sudoku/easy/submissions`,
      {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json', ...someAddress() },
        body: JSON.stringify({ solution, log, startToken }),
      },
      during,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ valid: true, repeated: false });
  });
});
