import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { type ColorSortPuzzle, type Move, replay } from '../../src/engines/colorsort/index.js';
import { engineFor } from '../../src/kinds/index.js';
import { bodyOf } from '../support/json.js';
import { type NewPlayer, register, revealLine, solveStored, startPuzzle, submit } from '../support/play.js';

const date = '2026-11-29';
const path = `${date}/colorsort/easy`;
const fetchedAt = '2026-11-29T12:00:00Z';
const playedAt = '2026-11-29T12:04:00Z';
const submittedAt = '2026-11-29T12:10:00Z';

async function playing(): Promise<NewPlayer> {
  const player = await register(fetchedAt);
  await startPuzzle(fetchedAt, player.token, date, 'colorsort', 'easy');
  return player;
}

async function solution(): Promise<Move[]> {
  return ((await solveStored(date, 'colorsort', 'easy')) as { moves: Move[] }).moves;
}

async function storedPuzzle(): Promise<ColorSortPuzzle> {
  const row = await env.DB.prepare('select puzzle_json from puzzles where id = ?')
    .bind(`${date}:colorsort:easy`)
    .first<{ puzzle_json: string }>();
  return engineFor('colorsort').parsePuzzle(JSON.parse(row?.puzzle_json ?? 'null')) as ColorSortPuzzle;
}

function exposedBy(puzzle: ColorSortPuzzle, moves: readonly Move[]): number[] {
  const result = replay(puzzle, moves);
  if (!result.ok) throw new Error(result.reason);
  return result.state.exposed;
}

/** Reveals every prefix of `moves`, as a client asking after each pour does. */
async function playLine(token: string, moves: readonly Move[], upTo = moves.length): Promise<void> {
  for (let k = 1; k <= upTo; k++) {
    const res = await revealLine(playedAt, token, path, moves.slice(0, k));
    if (res.status !== 200) throw new Error(`reveal ${k}: ${res.status} ${await res.text()}`);
  }
}

/** Submits the engine's solution with a person's log over the session; the verdict and its stored reasons. */
async function submitSolution(player: NewPlayer) {
  const res = await submit(submittedAt, player.token, path, { solution: { moves: await solution() } });
  expect(res.status).toBe(200);
  const result = await bodyOf(res, SubmissionResultSchema);
  const row = await env.DB.prepare('select status, flags from submissions where player_id = ? and ranked = 1')
    .bind(player.player.id)
    .first<{ status: string; flags: string | null }>();
  return { verdict: result.verdict, flags: row?.flags ? (JSON.parse(row.flags) as string[]) : null };
}

describe('a ranked colour-sort solve held to its session’s reveals', () => {
  it('is clean when its session revealed its line pour by pour', async () => {
    const player = await playing();
    await playLine(player.token, await solution());
    expect(await submitSolution(player)).toEqual({ verdict: 'clean', flags: null });
  });

  it('is clean after exploring other lines and undoing them before playing its own', async () => {
    const player = await playing();
    const puzzle = await storedPuzzle();
    const moves = await solution();
    // Tries every other first pour (each undone at once), then the line it submits.
    for (let from = 0; from < puzzle.tubes.length; from++) {
      for (let to = 0; to < puzzle.tubes.length; to++) {
        const first = moves[0] as Move;
        if ((from === first[0] && to === first[1]) || !replay(puzzle, [[from, to]]).ok) continue;
        expect((await revealLine(playedAt, player.token, path, [[from, to]])).status).toBe(200);
      }
    }
    await playLine(player.token, moves);
    expect(await submitSolution(player)).toEqual({ verdict: 'clean', flags: null });
  });

  it('is flagged reveal_mismatch when its hidden colours were read through another account', async () => {
    const scout = await playing();
    await playLine(scout.token, await solution());
    const player = await playing();
    expect(await submitSolution(player)).toEqual({ verdict: 'flagged', flags: ['reveal_mismatch'] });
  });

  it('is flagged reveal_mismatch when its session was shown all but the last units its line exposes', async () => {
    const player = await playing();
    const puzzle = await storedPuzzle();
    const moves = await solution();
    const all = exposedBy(puzzle, moves).length;
    let shortOfAll = moves.length;
    while (exposedBy(puzzle, moves.slice(0, shortOfAll)).length === all) shortOfAll--;
    expect(exposedBy(puzzle, moves.slice(0, shortOfAll)).length).toBeLessThan(all);
    await playLine(player.token, moves, shortOfAll);
    expect(await submitSolution(player)).toEqual({ verdict: 'flagged', flags: ['reveal_mismatch'] });
  });

  it('is not held to reveals on a session from before they were recorded', async () => {
    const player = await playing();
    await env.DB.prepare('update play_sessions set revealed_json = null where player_id = ?')
      .bind(player.player.id)
      .run();
    expect(await submitSolution(player)).toEqual({ verdict: 'clean', flags: null });
  });
});
