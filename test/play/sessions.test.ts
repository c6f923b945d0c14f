import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type PlayablePuzzle, PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, humanLogFor, register, solveStored, submit } from '../support/play.js';

const date = '2026-11-29';
const path = `/v1/puzzles/${date}/sudoku/easy`;

async function fetchAs(at: string, token: string, query = ''): Promise<PlayablePuzzle> {
  const res = await appAt(at)(`${path}${query}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return bodyOf(res, PlayablePuzzleSchema);
}

describe("a player's session of a puzzle", () => {
  it('starts at the first fetch with a token', async () => {
    const { token } = await register('2026-11-29T09:00:00Z');
    const view = await fetchAs('2026-11-29T09:00:00Z', token);
    expect(view.session).toEqual({ startedAt: '2026-11-29T09:00:00.000Z', elapsedMs: 0 });
  });

  it('is returned unchanged by every later fetch, which only says how long ago it started', async () => {
    const { token } = await register('2026-11-29T09:00:00Z');
    const first = await fetchAs('2026-11-29T09:00:00Z', token);
    const again = await fetchAs('2026-11-29T09:07:30Z', token);
    expect(again.session).toEqual({ startedAt: first.session?.startedAt, elapsedMs: 450_000 });
    expect(again.startToken).toBe(first.startToken);
  });

  it('cannot be restarted after solving: a re-fetch just before submitting changes nothing', async () => {
    const { player, token } = await register('2026-11-29T09:00:00Z');
    await fetchAs('2026-11-29T09:00:00Z', token, '');
    await fetchAs('2026-11-29T09:09:59Z', token);
    const solution = await solveStored(date, 'sudoku', 'easy');
    const log = await humanLogFor(player.id, `${date}/sudoku/easy`, solution, '2026-11-29T09:10:00Z');
    const res = await submit('2026-11-29T09:10:00Z', token, `${date}/sudoku/easy`, {
      solution,
      log,
      elapsedMs: 1_000,
    });
    expect(await res.json()).toMatchObject({ countedMs: 598_000 });
  });

  it('is not started by an anonymous fetch', async () => {
    const { player } = await register('2026-11-29T09:00:00Z');
    await appAt('2026-11-29T09:00:00Z')(path);
    const row = await env.DB.prepare('select count(*) as n from play_sessions where player_id = ?')
      .bind(player.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it('is needed to submit: without one the submission is a 409 and nothing is recorded', async () => {
    const { player, token } = await register('2026-11-29T09:00:00Z');
    await appAt('2026-11-29T09:00:00Z')(`/v1/puzzles/${date}/sudoku/medium`);
    const solution = await solveStored(date, 'sudoku', 'medium');
    const res = await submit('2026-11-29T09:10:00Z', token, `${date}/sudoku/medium`, {
      solution,
      log: [[1000, 0, 1]],
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('no_session');
    const row = await env.DB.prepare('select count(*) as n from submissions where player_id = ?')
      .bind(player.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("gives a player without a time zone the first session's tz as its calendar", async () => {
    const { token } = await register('2026-11-29T09:00:00Z');
    await fetchAs('2026-11-29T09:00:00Z', token, '?tz=asia/tokyo');
    const me = await (
      await appAt('2026-11-29T09:01:00Z')('/v1/players/me', { headers: bearer(token) })
    ).json();
    expect(me).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('refuses an unknown tz with 400 and starts nothing', async () => {
    const { player, token } = await register('2026-11-29T09:00:00Z');
    const res = await appAt('2026-11-29T09:00:00Z')(`${path}?tz=Mars/Olympus`, { headers: bearer(token) });
    expect(res.status).toBe(400);
    const row = await env.DB.prepare('select count(*) as n from play_sessions where player_id = ?')
      .bind(player.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});
