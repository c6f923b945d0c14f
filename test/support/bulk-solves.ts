import { env } from 'cloudflare:test';
import type { Level } from '../../src/contract/kinds/index.js';
import type { Kind } from '../../src/kinds/index.js';

/**
 * Clean ranked solves by established players written straight into the database, for tests of what
 * calibration does with thousands of them (playing each through the API would take minutes): the date's
 * puzzle row (a stand-in with the benchmark given, when the date has none), each player, and one counted
 * solve per player in `seconds`.
 */
export async function bulkSolves(
  date: string,
  kind: Kind,
  level: Level,
  benchmarkSeconds: number,
  solves: readonly { player: string; seconds: number }[],
): Promise<void> {
  const puzzleId = `${date}:${kind}:${level}`;
  const rows = JSON.stringify(solves.map((s) => ({ p: s.player, ms: Math.round(s.seconds * 1000) })));
  await env.DB.batch([
    env.DB.prepare(
      `insert or ignore into puzzles (id, date, kind, level, seed, engine_version, puzzle_json, public_json,
         answer_json, difficulty_json, benchmark_seconds)
       values (?, ?, ?, ?, 'bulk', 1, '{}', '{}', '{}', '{}', ?)`,
    ).bind(puzzleId, date, kind, level, benchmarkSeconds),
    env.DB.prepare(
      `insert or ignore into players (id, created_at)
       select json_extract(value, '$.p'), ? from json_each(?)`,
    ).bind(`${date}T08:00:00Z`, rows),
    env.DB.prepare(
      `insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked,
         counted, status, established, elapsed_ms, counted_ms, benchmark_seconds, score)
       select ?, ?, ?, ?, json_extract(value, '$.p'), ?, 1, 1, 1, 'clean', 1, json_extract(value, '$.ms'),
         json_extract(value, '$.ms'), p.benchmark_seconds, 0.5
       from json_each(?), puzzles p where p.id = ?`,
    ).bind(puzzleId, date, kind, level, `${date}T12:00:00Z`, rows, puzzleId),
  ]);
}

/**
 * A history of play: one counted sudoku solve on each of the `days` dates before `date`, as the top 10's
 * evidence rule counts days (src/fairplay/long-history.ts).
 */
export async function daysOfPlayBefore(date: string, playerId: string, days: number): Promise<void> {
  for (let i = days; i >= 1; i--) {
    const day = new Date(Date.parse(`${date}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10);
    await bulkSolves(day, 'sudoku', 'hard', 900, [{ player: playerId, seconds: 800 }]);
  }
}
