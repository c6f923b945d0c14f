import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { tokenSpellings } from '../support/base64url.js';
import { errorOf } from '../support/json.js';
import { bearer, register, solveStored, startPuzzle, submit } from '../support/play.js';

const at = '2026-11-29T12:00:00Z';
const DATE = '2026-11-29';

describe('a token spelled another way (its last character changed in bits base64url leaves unused)', () => {
  it('is a player token only in its canonical spelling: the other three are 401, never a 500', async () => {
    const { token } = await register(at);
    const spellings = tokenSpellings(token);
    expect(spellings[0]).toBe(token);
    const seen = [];
    for (const spelling of spellings) {
      const res = await appAt(at)('/v1/players/me', { headers: bearer(spelling) });
      seen.push([res.status, res.status === 200 ? 'ok' : (await errorOf(res)).error.code]);
    }
    expect(seen).toEqual([
      [200, 'ok'],
      [401, 'unauthorized'],
      [401, 'unauthorized'],
      [401, 'unauthorized'],
    ]);
  });

  it('is a start token only in its canonical spelling: the other three are refused and record nothing', async () => {
    const { player, token } = await register(at);
    const startToken = await startPuzzle(at, token, DATE, 'sudoku', 'easy');
    const solution = await solveStored(DATE, 'sudoku', 'easy');
    const [canonical, ...others] = tokenSpellings(startToken);
    expect(canonical).toBe(startToken);
    for (const other of others) {
      const res = await submit('2026-11-29T12:10:00Z', token, `${DATE}/sudoku/easy`, {
        solution,
        startToken: other,
      });
      expect([res.status, (await errorOf(res)).error.code], other).toEqual([403, 'invalid_start_token']);
    }
    const recorded = await env.DB.prepare('select count(*) as n from submissions where player_id = ?')
      .bind(player.id)
      .first<{ n: number }>();
    expect(recorded?.n).toBe(0);
    const accepted = await submit('2026-11-29T12:10:00Z', token, `${DATE}/sudoku/easy`, {
      solution,
      startToken: canonical,
    });
    expect(accepted.status).toBe(200);
  });
});
