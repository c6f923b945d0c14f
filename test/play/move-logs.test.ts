import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_LOG_ENTRIES, SubmissionResultSchema } from '../../src/contract/submission.js';
import type { LogEntry } from '../../src/engines/types.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { humanLogFor, register, solveStored, startPuzzle, submit } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const submittedAt = '2026-11-29T12:06:00Z';

async function rows(playerId: string) {
  const { results } = await env.DB.prepare(
    'select valid, ranked, reason from submissions where player_id = ? order by id',
  )
    .bind(playerId)
    .all<{ valid: number; ranked: number; reason: string | null }>();
  return results;
}

async function ready(kind: 'sudoku' | 'pattern' | 'loop' | 'signal' | 'colorsort', level = 'easy' as const) {
  const { player, token } = await register(fetchedAt);
  await startPuzzle(fetchedAt, token, date, kind, level);
  const solution = await solveStored(date, kind, level);
  const log = await humanLogFor(player.id, `${date}/${kind}/${level}`, solution, submittedAt);
  return { player, token, solution, log, path: `${date}/${kind}/${level}` };
}

describe('a move log that does not replay to the solution', () => {
  it('is a 422, recorded as an attempt, and the player may retry with the right log', async () => {
    const { player, token, solution, log, path } = await ready('loop');
    const short = log.slice(0, -1);
    const res = await submit(submittedAt, token, path, { solution, log: short });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toMatchObject({ error: { code: 'log_mismatch' } });
    expect(await rows(player.id)).toEqual([
      { valid: 0, ranked: 0, reason: 'log: its last board is not the submitted solution' },
    ]);
    const retried = await bodyOf(
      await submit(submittedAt, token, path, { solution, log }),
      SubmissionResultSchema,
    );
    expect(retried).toMatchObject({ valid: true, verdict: 'clean' });
  });

  it('is a 422 naming the entry that cannot be played: a given of a sudoku', async () => {
    const { token, solution, log, path } = await ready('sudoku');
    const grid = (solution as { grid: string }).grid;
    const puzzle =
      (
        await env.DB.prepare('select puzzle_json from puzzles where id = ?')
          .bind(`${date}:sudoku:easy`)
          .first<{ puzzle_json: string }>()
      )?.puzzle_json ?? '';
    const given = (JSON.parse(puzzle) as { grid: string }).grid.search(/[1-9]/);
    const bad: LogEntry[] = [
      ...log.slice(0, 3),
      [(log[2] as LogEntry)[0] + 500, given, (Number(grid[given]) % 9) + 1],
      ...log.slice(3),
    ];
    const res = await submit(submittedAt, token, path, { solution, log: bad });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'log_mismatch', details: { index: 3 } } });
  });

  it('is a 422 for an illegal pour in colour sort, saying nothing of the run behind the top', async () => {
    const { token, solution, log, path } = await ready('colorsort');
    const moves = (solution as { moves: [number, number][] }).moves;
    const [from] = moves[0] as [number, number];
    const bad: LogEntry[] = [[1000, from, from], ...log];
    const res = await submit(submittedAt, token, path, {
      solution: { moves: [[from, from], ...moves] },
      log: bad,
    });
    expect(res.status).toBe(422);
    const body = await errorOf(res);
    expect(body.error.message).toMatch(/^log: entry 0: pour/);
    expect(body.error.message).not.toMatch(/\d+ unit|run is/);
  });
});

describe('a move log of the wrong shape', () => {
  it('is a 400 and nothing is recorded: missing, entries of another kind, decreasing times, too long', async () => {
    const { player, token, solution, log, path } = await ready('pattern');
    const decreasing = [...log];
    decreasing[5] = [(log[4] as LogEntry)[0] - 1, (log[5] as LogEntry)[1], 1];
    const bodies = [
      { solution },
      { solution, log: [[1000, 0, 7]] },
      { solution, log: [[1000, 0]] },
      { solution, log: [[1000.5, 0, 1]] },
      { solution, log: decreasing },
      { solution, log: Array.from({ length: MAX_LOG_ENTRIES + 1 }, (_, i) => [i * 100, 0, 1]) },
    ];
    for (const body of bodies) {
      const res = await submitExactly(submittedAt, token, path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await rows(player.id)).toEqual([]);
  });
});

/** A submission with exactly this body (the helper's `submit` would add a log when it is missing). */
async function submitExactly(at: string, token: string, path: string, body: unknown) {
  return appAt(at)(`/v1/puzzles/${path}/submissions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
