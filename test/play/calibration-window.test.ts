import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { calibrationSamples } from '../../src/db/benchmarks.js';
import { createDb } from '../../src/db/client.js';
import { calibrateBenchmarks, samplesOf } from '../../src/play/calibrate-benchmarks.js';
import { appAt } from '../support/app.js';
import { bulkSolves } from '../support/bulk-solves.js';

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

    const [update] = await calibrateBenchmarks(createDb(env.DB), new Date('2026-11-25T23:30:00Z'), {
      firstDay: env.FIRST_DAY ?? '2026-01-01',
    });

    expect(update).toMatchObject({ kind: 'sudoku', level: 'easy', limited: true });
    expect(await easySeconds()).toBeCloseTo(before / 1.25, 6);
    // Each quiet date gives its 100; the busy one is cut to the same, its fifth of the 500 kept.
    expect(update?.samples).toBe(5 * QUIET);
  });
});

describe('the draw of a date’s samples', () => {
  const date = '2026-12-10';
  const early = 1_000;
  const rest = 4_000;

  async function draw() {
    return (await calibrationSamples(createDb(env.DB), 'loop', 'easy', [date], 157)).solves;
  }

  it('gives the first fifth of a date’s submitters about a fifth of its 157 samples, not all 157 as first-come did (measured: 25)', async () => {
    const first = Array.from({ length: early }, (_, i) => ({ player: `early-${i}`, seconds: 10 }));
    const later = Array.from({ length: rest }, (_, i) => ({ player: `later-${i}`, seconds: 125 }));
    await bulkSolves(date, 'loop', 'easy', 125, first);
    await bulkSolves(date, 'loop', 'easy', 125, later);
    const drawn = await draw();
    expect(drawn).toHaveLength(157);
    const theirs = drawn.filter((s) => s.playerId.startsWith('early-')).length;
    // A fifth of 157 is 31.4, with a binomial deviation of 5: 3 deviations either side.
    expect(theirs).toBeGreaterThanOrEqual(16);
    expect(theirs).toBeLessThanOrEqual(47);
    expect(theirs).toBe(25);
  });

  it('draws the same samples every time it reads the date', async () => {
    expect((await draw()).map((s) => s.id)).toEqual((await draw()).map((s) => s.id));
  });
});

describe('samples in the benchmark’s unit', () => {
  const solve = { id: 7, countedMs: 60_000, playerId: 'p', date: '2026-12-11', drawKey: 3 };

  it('are the counted seconds for a per-puzzle benchmark, whatever the benchmark the solve was scored against', () => {
    const draw = { solves: [solve], metaByDate: new Map([['2026-12-11', {}]]) };
    expect(samplesOf(draw, 'puzzle')).toEqual([
      { id: 7, seconds: 60, playerId: 'p', date: '2026-12-11', drawKey: 3 },
    ]);
  });

  it('are seconds per move of the shortest solution for a per-move benchmark (colour sort)', () => {
    const draw = { solves: [solve], metaByDate: new Map([['2026-12-11', { solutionLength: 20 }]]) };
    expect(samplesOf(draw, 'move')[0]?.seconds).toBe(3);
  });
});
