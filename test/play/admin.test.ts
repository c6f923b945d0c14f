import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { CalibrationSchema, GenerationResultSchema, GenerationRunsSchema } from '../../src/contract/admin.js';
import { PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import { MAX_DAILY_FACTOR } from '../../src/rating/calibration.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { someAddress } from '../support/play.js';

const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}` };
const api = appAt('2026-11-29T18:00:00Z');

/** Five dates, so that no one date supplies more than calibration's per-day share. */
const DATES = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

/**
 * Counted solves of sudoku easy by established players taking `ratio` × the benchmark, spread evenly over
 * DATES, written directly: the flow that makes them is tested elsewhere.
 */
async function seedSolves(count: number, ratio: number) {
  const statements = [];
  for (const [i, date] of Array.from(
    { length: count },
    (_, i) => DATES[i % DATES.length] as string,
  ).entries()) {
    if (i < DATES.length) await api(`/v1/puzzles/${date}/sudoku/easy`);
    const benchmark =
      (
        await env.DB.prepare('select benchmark_seconds as b from puzzles where id = ?')
          .bind(`${date}:sudoku:easy`)
          .first<{ b: number }>()
      )?.b ?? 0;
    const id = crypto.randomUUID();
    statements.push(
      env.DB.prepare("insert into players (id, created_at) values (?, '2026-11-01T00:00:00Z')").bind(id),
      env.DB.prepare(
        `insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked, counted,
           status, established, elapsed_ms, counted_ms, benchmark_seconds, score)
         values (?, ?, 'sudoku', 'easy', ?, ?, 1, 1, 1, 'clean', 1, ?, ?, ?, 0.2)`,
      ).bind(
        `${date}:sudoku:easy`,
        date,
        id,
        `${date}T12:00:00Z`,
        benchmark * ratio * 1000,
        benchmark * ratio * 1000,
        benchmark,
      ),
    );
  }
  await env.DB.batch(statements);
}

async function sudokuEasyBenchmark() {
  const row = await env.DB.prepare(
    "select seconds from benchmarks where kind = 'sudoku' and level = 'easy'",
  ).first<{
    seconds: number;
  }>();
  return row?.seconds ?? 0;
}

describe('admin routes', () => {
  it('refuse a missing or wrong admin token', async () => {
    // Failures count against their address: a test address of its own keeps the others unlocked.
    const address = someAddress();
    expect((await api('/v1/admin/generation-runs', { headers: address })).status).toBe(401);
    const wrong = await api('/v1/admin/calibrate', {
      method: 'POST',
      headers: { Authorization: 'Bearer guess', ...address },
    });
    expect(wrong.status).toBe(401);
  });

  it('list recent generation runs', async () => {
    await api('/v1/puzzles/2026-11-28/sudoku/easy');
    const res = await api('/v1/admin/generation-runs?limit=5', { headers: admin });
    const body = await bodyOf(res, GenerationRunsSchema);
    expect(body.runs[0]).toMatchObject({ date: '2026-11-28', trigger: 'request', status: 'ok' });
  });

  it('make the missing puzzles of a date and leave existing ones alone', async () => {
    const res = await api('/v1/admin/dates/2026-11-27/generate', { method: 'POST', headers: admin });
    const first = await bodyOf(res, GenerationResultSchema);
    expect(first.generated).toBeGreaterThan(0);
    const again = await bodyOf(
      await api('/v1/admin/dates/2026-11-27/generate', { method: 'POST', headers: admin }),
      GenerationResultSchema,
    );
    expect(again).toMatchObject({ status: 'noop', generated: 0 });
  });
});

describe('benchmark calibration', () => {
  it('does nothing below the minimum sample', async () => {
    const before = await sudokuEasyBenchmark();
    const res = await api('/v1/admin/calibrate', { method: 'POST', headers: admin });
    expect(await res.json()).toEqual({ updates: [] });
    expect(await sudokuEasyBenchmark()).toBe(before);
  });

  it('moves towards the median, bounded per day, and records each change', async () => {
    const start = await sudokuEasyBenchmark();
    await seedSolves(40, 3);
    const first = await bodyOf(
      await api('/v1/admin/calibrate', { method: 'POST', headers: admin }),
      CalibrationSchema,
    );
    expect(first.updates).toHaveLength(1);
    expect(first.updates[0]).toMatchObject({ kind: 'sudoku', level: 'easy', limited: true });
    expect(await sudokuEasyBenchmark()).toBeCloseTo(start * MAX_DAILY_FACTOR, 6);

    await api('/v1/admin/calibrate', { method: 'POST', headers: admin });
    expect(await sudokuEasyBenchmark()).toBeCloseTo(start * MAX_DAILY_FACTOR, 6);

    const history = await env.DB.prepare(
      "select old_seconds, new_seconds, samples, limited from benchmark_history where kind = 'sudoku' and level = 'easy'",
    ).all<{ old_seconds: number; new_seconds: number; samples: number; limited: number }>();
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({ old_seconds: start, samples: 40, limited: 1 });
  });

  it('sets the benchmark of puzzles made after it, not of those already out', async () => {
    const calibrated = await sudokuEasyBenchmark();
    const old = await env.DB.prepare(
      "select benchmark_seconds from puzzles where id = '2026-11-29:sudoku:easy'",
    ).first<{
      benchmark_seconds: number;
    }>();
    expect(old?.benchmark_seconds).not.toBeCloseTo(calibrated, 6);
    const next = await bodyOf(
      await appAt('2026-11-30T18:00:00Z')('/v1/puzzles/2026-11-30/sudoku/easy'),
      PlayablePuzzleSchema,
    );
    expect(next.benchmarkSeconds).toBeCloseTo(calibrated, 6);
  });
});
