import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { Level } from '../../src/contract/kinds/index.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { humanFloorMs } from '../../src/fairplay/human-floor.js';
import { descriptorOf, engineFor, type Kind } from '../../src/kinds/index.js';
import { appAt } from './app.js';
import { bodyOf } from './json.js';
import { humanLog } from './logs.js';
import { later, type NewPlayer, type ResultJson, solveAs, startPuzzle, submit } from './play.js';

/** The bots and paced players of the fair-play tests: what a careful cheater and an honest player do. */
const morning = '2026-11-29T07:00:00Z';

export interface StoredPuzzle {
  puzzle_json: string;
  benchmark_seconds: number;
  rating: number;
  rating_deviation: number;
}

export async function stored(date: string, kind: Kind, level: Level, at = morning): Promise<StoredPuzzle> {
  await appAt(at)(`/v1/puzzles/${date}/${kind}/${level}`);
  const row = await env.DB.prepare(
    'select puzzle_json, benchmark_seconds, rating, rating_deviation from puzzles where id = ?',
  )
    .bind(`${date}:${kind}:${level}`)
    .first<StoredPuzzle>();
  if (!row) throw new Error(`${date}:${kind}:${level} not stored`);
  return row;
}

/** What a careful bot computes: the solution offline and the cold floor, as public arithmetic gives it. */
export function offline(kind: Kind, level: Level, row: StoredPuzzle) {
  const engine = engineFor(kind);
  const puzzle = engine.parsePuzzle(JSON.parse(row.puzzle_json));
  const solution = engine.solve(puzzle, { maxSolutions: 1 }).solutions[0];
  const steps = engine.stepsTo(puzzle, solution);
  const floorMs = humanFloorMs({
    steps: steps.length,
    secondsPerStep: descriptorOf(kind).floorSecondsPerStep[level] ?? 0,
    benchmarkSeconds: row.benchmark_seconds,
    learnedRatio: null,
    setRatio: null,
    recordRatio: null,
  });
  return { solution, steps, floorMs };
}

/** The forged-log bot: session started, it sleeps floor + 40 ms and submits a person-like log of its moves. */
export async function forgedSolve(
  player: NewPlayer,
  date: string,
  kind: Kind,
  level: Level,
  fetchedAt: string,
) {
  const row = await stored(date, kind, level, fetchedAt);
  const { solution, steps, floorMs } = offline(kind, level, row);
  await startPuzzle(fetchedAt, player.token, date, kind, level);
  const waitMs = floorMs + 40;
  const log = humanLog(steps, { startMs: 400, endMs: waitMs - 300, seed: steps.length });
  const res = await submit(later(fetchedAt, waitMs / 1000), player.token, `${date}/${kind}/${level}`, {
    solution,
    log,
  });
  expect(res.status).toBe(200);
  return await bodyOf(res, SubmissionResultSchema);
}

/** Solves at `share` of the puzzle's benchmark, as a person paces its log. */
export async function solveAtShare(
  player: NewPlayer,
  date: string,
  kind: Kind,
  level: Level,
  share: number,
  at: string,
) {
  const row = await stored(date, kind, level, at);
  const { body } = await solveAs(player.token, {
    date,
    kind,
    level,
    fetchAt: at,
    submitAt: later(at, share * row.benchmark_seconds),
  });
  return body as ResultJson;
}
