import { env, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { appAt } from '../support/app.js';
import { copyPuzzle, d1Number, deskOf, judgedSolve, newPlayers } from '../support/live.js';
import { bearer, register, solveStored, someAddress, startPuzzle, submitUnsettled } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const moderatedAt = '2026-11-29T13:00:00Z';

beforeAll(async () => {
  await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
});

function admin(path: string, body: unknown) {
  return appAt(moderatedAt, env)(path, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`,
      'content-type': 'application/json',
      ...someAddress(),
    },
    body: JSON.stringify(body),
  });
}

const d1IdOf = (puzzleId: string, playerId: string) =>
  d1Number(
    'select id as n from submissions where puzzle_id = ? and player_id = ? and ranked = 1',
    puzzleId,
    playerId,
  );

/** The board's rating of its puzzle (what its next game plays against). */
function boardRating(puzzleId: string): Promise<number> {
  return runInDurableObject(deskOf(puzzleId), (_instance, state) => {
    const row = state.storage.sql.exec<{ rating: string }>('select rating from puzzle').one();
    return (JSON.parse(row.rating) as { rating: number }).rating;
  });
}

/** A copied puzzle with three clean solves on its board, copied to D1: 100 s, 200 s, 300 s. */
async function boardOfThree(name: string) {
  const puzzleId = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
  const players = await newPlayers(3);
  for (const [i, id] of players.entries())
    await deskOf(puzzleId).submit(judgedSolve(puzzleId, id, (i + 1) * 100_000));
  await deskOf(puzzleId).flush();
  return { puzzleId, players };
}

describe("moderation of a live puzzle's solves goes through its board", () => {
  it('a voided solve leaves the board at once, and the board and D1 then agree on ranks and rating', async () => {
    const { puzzleId, players } = await boardOfThree('voided');
    const [fastest = '', , slowest = ''] = players;
    const res = await admin(`/v1/admin/submissions/${await d1IdOf(puzzleId, fastest)}/void`, {
      reason: 'shared',
    });
    expect(res.status).toBe(200);
    const standing = await deskOf(puzzleId).standing(puzzleId, slowest);
    expect(standing).toMatchObject({ rank: 2, solvers: 2 });
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(2);
    expect(await boardRating(puzzleId)).toBe(
      await d1Number('select rating as n from puzzles where id = ?', puzzleId),
    );
  });

  it('an approved pending solve counts on the board in its place of arrival', async () => {
    const puzzleId = `${date}:sudoku:approved`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const [held = '', other = ''] = await newPlayers(2);
    const pending = await deskOf(puzzleId).submit(judgedSolve(puzzleId, held, 50_000, 'pending'));
    expect(pending).toMatchObject({ rank: 1, solvers: 0 });
    await deskOf(puzzleId).submit(judgedSolve(puzzleId, other, 90_000));
    await deskOf(puzzleId).flush();
    const res = await admin(`/v1/admin/submissions/${await d1IdOf(puzzleId, held)}/approve`, {
      reason: 'A steady pace',
    });
    expect(res.status).toBe(200);
    expect(await deskOf(puzzleId).standing(puzzleId, held)).toMatchObject({ rank: 1, solvers: 2 });
    expect(await deskOf(puzzleId).standing(puzzleId, other)).toMatchObject({ rank: 2, solvers: 2 });
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(2);
  });

  it("a ban reaches the player's solve the board had not copied to D1 yet", async () => {
    const puzzleId = `${date}:sudoku:easy`;
    const banned = await register(fetchedAt);
    const other = await register(fetchedAt);
    const solution = await solveStored(date, 'sudoku', 'easy');
    for (const p of [banned, other]) {
      await startPuzzle(fetchedAt, p.token, date, 'sudoku', 'easy');
      await submitUnsettled('2026-11-29T12:10:00Z', p.token, `${date}/sudoku/easy`, { solution });
    }
    expect(await d1Number('select count(*) as n from submissions where puzzle_id = ?', puzzleId)).toBe(0);
    const res = await admin(`/v1/admin/players/${banned.player.id}/ban`, { reason: 'script' });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('select counted from submissions where player_id = ? and ranked = 1')
      .bind(banned.player.id)
      .first<{ counted: number }>();
    expect(row).toEqual({ counted: 0 });
    expect(await deskOf(puzzleId).standing(puzzleId, other.player.id)).toMatchObject({
      rank: 1,
      solvers: 1,
    });
  });

  it("an account's deletion moves its solve the board had not copied yet to the stand-in, still counted", async () => {
    const puzzleId = `${date}:sudoku:medium`;
    const leaving = await register(fetchedAt);
    await startPuzzle(fetchedAt, leaving.token, date, 'sudoku', 'medium');
    const solution = await solveStored(date, 'sudoku', 'medium');
    await submitUnsettled('2026-11-29T12:10:00Z', leaving.token, `${date}/sudoku/medium`, { solution });
    const res = await appAt(moderatedAt, env)('/v1/players/me', {
      method: 'DELETE',
      headers: { ...bearer(leaving.token), ...someAddress() },
    });
    expect(res.status).toBe(204);
    const row = await env.DB.prepare(
      'select s.player_id, s.counted from submissions s join players p on p.id = s.player_id where s.puzzle_id = ? and p.deleted_at is not null',
    )
      .bind(puzzleId)
      .first<{ player_id: string; counted: number }>();
    expect(row?.counted).toBe(1);
    expect(await deskOf(puzzleId).standing(puzzleId, leaving.player.id)).toBeNull();
    expect(await deskOf(puzzleId).standing(puzzleId, row?.player_id ?? '')).toMatchObject({
      rank: 1,
      solvers: 1,
    });
  });
});
