import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { calibrateBenchmarks } from '../../src/play/calibrate-benchmarks.js';
import { appAt } from '../support/app.js';

/**
 * Calibration at scale: a kind and level with thousands of established solves on its newest date still
 * calibrates from every date of the window, rather than from that date alone.
 */
const DATES = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'] as const;
const BUSY = 5_000;
const QUIET = 100;

/** `count` players `bulk-<date>-<n>`, each with one established clean solve of the date's sudoku easy in half its benchmark. */
async function seedSolves(date: string, count: number): Promise<void> {
  await appAt(`${date}T12:00:00Z`)(`/v1/puzzles/${date}/sudoku/easy`);
  await env.DB.batch([
    env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into players (id, created_at) select 'bulk-' || ? || '-' || i, ? from n`,
    ).bind(count, date, `${date}T08:00:00Z`),
    env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked,
         counted, status, established, elapsed_ms, counted_ms, benchmark_seconds, score)
       select ?, ?, 'sudoku', 'easy', 'bulk-' || ? || '-' || i, ?, 1, 1, 1, 'clean', 1,
         p.benchmark_seconds * 500, p.benchmark_seconds * 500, p.benchmark_seconds, 0.75
       from n, puzzles p where p.id = ?`,
    ).bind(count, `${date}:sudoku:easy`, date, date, `${date}T13:00:00Z`, `${date}:sudoku:easy`),
  ]);
}

async function easySeconds(): Promise<number> {
  const row = await env.DB.prepare(
    "select seconds from benchmarks where kind = 'sudoku' and level = 'easy'",
  ).first<{
    seconds: number;
  }>();
  return row?.seconds ?? 0;
}

describe('calibration with more solves a day than it reads', () => {
  it('takes an even share from each date, so 5,000 solves on the newest date and 100 on four others still move the benchmark', async () => {
    for (const date of DATES.slice(0, -1)) await seedSolves(date, QUIET);
    await seedSolves(DATES[4], BUSY);
    const before = await easySeconds();

    const [update] = await calibrateBenchmarks(createDb(env.DB), new Date('2026-11-25T23:30:00Z'));

    expect(update).toMatchObject({ kind: 'sudoku', level: 'easy', limited: true });
    expect(await easySeconds()).toBeCloseTo(before / 1.25, 6);
    // Each quiet date gives its 100; the busy one is cut to the same, its fifth of the 500 kept.
    expect(update?.samples).toBe(5 * QUIET);
  });
});
