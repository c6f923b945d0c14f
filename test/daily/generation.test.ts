import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { addDays, type IsoDate, utcDate } from '../../src/daily/calendar.js';
import { runDailyCron } from '../../src/daily/cron.js';
import { generateDate } from '../../src/daily/generate.js';
import { puzzlesOfDate } from '../../src/daily/schedule.js';
import { createDb } from '../../src/db/client.js';
import worker from '../../src/index.js';
import { appAt } from '../support/app.js';

const db = createDb(env.DB);

async function puzzleRows(dates: readonly string[]) {
  const { results } = await env.DB.prepare(
    `select id, seed, engine_version, puzzle_json, answer_json, difficulty_json, benchmark_seconds
     from puzzles where date in (select value from json_each(?)) order by id`,
  )
    .bind(JSON.stringify(dates))
    .all();
  return results;
}

async function runs(date: string) {
  const { results } = await env.DB.prepare(
    'select trigger, status, generated, error from generation_runs where date = ? order by id',
  )
    .bind(date)
    .all<{ trigger: string; status: string; generated: number; error: string | null }>();
  return results;
}

describe('the daily cron', () => {
  it('makes today and the days ahead, and a second run changes nothing but the log', async () => {
    const runCron = async () => {
      await worker.scheduled(createScheduledController({ cron: '5 0 * * *' }), env);
    };
    const today = utcDate(new Date());
    const dates = [today, addDays(today, 1), addDays(today, 2)];
    await runCron();
    const first = await puzzleRows(dates);
    await runCron();
    const second = await puzzleRows(dates);

    const perDay = puzzlesOfDate(today).length;
    expect(first).toHaveLength(perDay * 3);
    expect(second).toEqual(first);
    const log = await runs(addDays(today, 1));
    expect(log.map((r) => [r.trigger, r.status])).toEqual([
      ['cron', 'ok'],
      ['cron', 'noop'],
    ]);
    expect(log[0]?.generated).toBe(perDay);
  });
});

describe('lazy generation when cron was missed', () => {
  const date = '2026-06-15' as IsoDate;
  const at = '2026-06-15T08:00:00Z';

  it('makes on first request exactly the puzzle cron would have made', async () => {
    const res = await appAt(at)(`/v1/puzzles/${date}`);
    expect(res.status).toBe(200);
    const byRequest = await puzzleRows([date]);
    expect(byRequest).toHaveLength(puzzlesOfDate(date).length);

    await env.DB.prepare('delete from puzzles where date = ?').bind(date).run();
    await runDailyCron({ db, salt: DEV_SECRETS.PUZZLE_SALT, now: () => new Date(at) }, { daysAhead: 1 });
    const byCron = await puzzleRows([date]);
    expect(byCron).toEqual(byRequest);
  });

  it('serves concurrent first requests one set of rows', async () => {
    const other = '2026-06-16';
    const get = appAt('2026-06-16T12:00:00Z');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => get(`/v1/puzzles/${other}/sudoku/medium`)),
    );
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    const { results } = await env.DB.prepare('select count(*) as n from puzzles where id = ?')
      .bind(`${other}:sudoku:medium`)
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(1);
  });
});

describe("a new puzzle's board shards", () => {
  const ctx = (boardShards?: number) => ({
    db,
    salt: DEV_SECRETS.PUZZLE_SALT,
    now: () => new Date('2026-03-01T00:00:00Z'),
    ...(boardShards === undefined ? {} : { boardShards }),
  });
  const easy = { kind: 'sudoku', level: 'easy' } as const;
  const medium = { kind: 'sudoku', level: 'medium' } as const;

  async function make(date: string, boardShards?: number) {
    const keys = [easy, medium].map((k) => ({ ...k, date: date as IsoDate }));
    await generateDate(ctx(boardShards), date as IsoDate, 'admin', keys);
  }

  async function peakOn(id: string, perMinute: number) {
    await env.DB.prepare('update puzzles set peak_solves_per_minute = ? where id = ?')
      .bind(perMinute, id)
      .run();
  }

  async function shardsOf(date: string) {
    const { results } = await env.DB.prepare(
      'select level, board_shards from puzzles where date = ? order by level',
    )
      .bind(date)
      .all<{ level: string; board_shards: number }>();
    return Object.fromEntries(results.map((r) => [r.level, r.board_shards]));
  }

  it('are enough for twice the busiest minute its kind and level had in the 7 dates before it', async () => {
    await make('2026-03-01');
    await make('2026-03-05');
    await peakOn('2026-03-01:sudoku:easy', 24_000);
    await peakOn('2026-03-05:sudoku:easy', 12_000);
    await peakOn('2026-03-05:sudoku:medium', 2_400);
    await make('2026-03-08');
    expect(await shardsOf('2026-03-08')).toEqual({ easy: 4, medium: 1 });
  });

  it('forget a peak more than 7 dates back', async () => {
    await make('2026-04-01');
    await peakOn('2026-04-01:sudoku:easy', 24_000);
    await make('2026-04-09');
    expect(await shardsOf('2026-04-09')).toEqual({ easy: 1, medium: 1 });
  });

  it("are never fewer than the deployment's BOARD_SHARDS", async () => {
    await make('2026-05-01');
    await peakOn('2026-05-01:sudoku:easy', 24_000);
    await make('2026-05-02', 2);
    expect(await shardsOf('2026-05-02')).toEqual({ easy: 4, medium: 2 });
  });

  it('are fixed once made: a later peak changes no puzzle that exists', async () => {
    await make('2026-05-10');
    await make('2026-05-11');
    await peakOn('2026-05-10:sudoku:easy', 24_000);
    await make('2026-05-11');
    expect(await shardsOf('2026-05-11')).toEqual({ easy: 1, medium: 1 });
  });
});
