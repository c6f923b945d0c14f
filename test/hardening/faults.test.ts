import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { runDailyCron } from '../../src/daily/cron.js';
import { puzzlesOfDate } from '../../src/daily/schedule.js';
import { createDb } from '../../src/db/client.js';
import { engineFor } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { errorOf } from '../support/json.js';
import { onDirect } from '../support/live.js';
import { register, solveStored, startPuzzle, submit } from '../support/play.js';

const sudoku = engineFor('sudoku');
const realGenerate = sudoku.generate;
afterEach(() => {
  sudoku.generate = realGenerate;
});

async function countOf(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('a generation that throws for one kind', () => {
  const date = '2026-10-10' as IsoDate;
  const at = '2026-10-10T12:00:00Z';

  it('does not stop the other kinds, is logged with its error, and is retried by the next request', async () => {
    sudoku.generate = () => {
      throw new Error('simulated engine fault');
    };
    const day = await appAt(at)(`/v1/puzzles/${date}`);
    expect(day.status).toBe(200);
    const expected = puzzlesOfDate(date).length;
    const sudokuLevels = sudoku.levels.length;
    expect(await countOf('select count(*) as n from puzzles where date = ?', date)).toBe(
      expected - sudokuLevels,
    );
    const one = await appAt(at)(`/v1/puzzles/${date}/sudoku/easy`);
    expect(one.status).toBe(503);
    expect((await errorOf(one)).error.code).toBe('generation_failed');
    const run = await env.DB.prepare(
      "select status, error from generation_runs where date = ? and status in ('partial', 'failed') order by id limit 1",
    )
      .bind(date)
      .first<{ status: string; error: string }>();
    expect(run?.status).toBe('partial');
    expect(run?.error).toContain('sudoku:easy: simulated engine fault');

    sudoku.generate = realGenerate;
    const retried = await appAt(at)(`/v1/puzzles/${date}`);
    expect(retried.status).toBe(200);
    expect(await countOf('select count(*) as n from puzzles where date = ?', date)).toBe(expected);
  });

  it('is retried by the next cron run', async () => {
    const cronDate = '2026-10-20';
    sudoku.generate = () => {
      throw new Error('simulated engine fault');
    };
    const ctx = {
      db: createDb(env.DB),
      salt: DEV_SECRETS.PUZZLE_SALT,
      now: () => new Date(`${cronDate}T00:05:00Z`),
    };
    const first = await runDailyCron(ctx, { daysAhead: 1 });
    expect(first.get(cronDate as IsoDate)?.status).toBe('partial');
    sudoku.generate = realGenerate;
    const second = await runDailyCron(ctx, { daysAhead: 1 });
    expect(second.get(cronDate as IsoDate)).toMatchObject({ status: 'ok', generated: sudoku.levels.length });
  });
});

describe('two cron runs at once', () => {
  it('produce one set of rows and count each puzzle once', async () => {
    const date = '2026-09-01';
    const ctx = {
      db: createDb(env.DB),
      salt: DEV_SECRETS.PUZZLE_SALT,
      now: () => new Date(`${date}T00:05:00Z`),
    };
    const [a, b] = await Promise.all([
      runDailyCron(ctx, { daysAhead: 1 }),
      runDailyCron(ctx, { daysAhead: 1 }),
    ]);
    const expected = puzzlesOfDate(date as IsoDate).length;
    expect(await countOf('select count(*) as n from puzzles where date = ?', date)).toBe(expected);
    const generated = (a.get(date as IsoDate)?.generated ?? 0) + (b.get(date as IsoDate)?.generated ?? 0);
    expect(generated).toBe(expected);
  });
});

describe('50 concurrent first requests for an ungenerated date', () => {
  it('produce one set of rows and identical answers', async () => {
    const date = '2026-08-08';
    const get = appAt('2026-08-08T12:00:00Z');
    const responses = await Promise.all(Array.from({ length: 50 }, () => get(`/v1/puzzles/${date}`)));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const bodies = new Set(await Promise.all(responses.map((r) => r.text())));
    expect(bodies.size).toBe(1);
    expect(await countOf('select count(*) as n from puzzles where date = ?', date)).toBe(
      puzzlesOfDate(date as IsoDate).length,
    );
  });
});

describe('a database fault on the direct path', () => {
  // The direct path writes a solve and its ratings in one batch before it answers; on the boards a fault
  // reaches only a board's flush, which keeps the solves for its next one (test/live/interleavings.test.ts).
  it('surfaces as a 503 JSON error with a request id and leaves no partial write', async () => {
    const date = '2026-11-29';
    const { player, token } = await register('2026-11-29T12:00:00Z');
    const startToken = await startPuzzle('2026-11-29T12:00:00Z', token, date, 'sudoku', 'easy');
    const solution = await solveStored(date, 'sudoku', 'easy');
    // A real D1 failure inside the submission's atomic batch, after the submission row was inserted.
    await env.DB.exec(
      "CREATE TRIGGER simulated_fault BEFORE INSERT ON player_ratings BEGIN SELECT RAISE(ABORT, 'simulated fault'); END",
    );
    const res = await submit(
      '2026-11-29T12:05:00Z',
      token,
      `${date}/sudoku/easy`,
      { solution, elapsedMs: 200_000, startToken },
      onDirect,
    );
    expect(res.status).toBe(503);
    const body = await errorOf(res);
    expect(body.error.code).toBe('database_unavailable');
    expect(body.error.requestId).toMatch(/\S+/);
    expect(await countOf('select count(*) as n from submissions where player_id = ?', player.id)).toBe(0);
    expect(
      await countOf(
        'select count(*) as n from puzzles where id = ? and rating_deviation < 500',
        `${date}:sudoku:easy`,
      ),
    ).toBe(0);
  });
});

describe('a database fault while storing a puzzle', () => {
  const at = '2026-07-07T12:00:00Z';
  const faults: string[] = [];

  /** A real D1 failure: a trigger that aborts every matching statement, until dropped. */
  async function injectFault(name: string, on: string): Promise<void> {
    await env.DB.exec(
      `CREATE TRIGGER ${name} BEFORE ${on} BEGIN SELECT RAISE(ABORT, 'simulated ${name}'); END`,
    );
    faults.push(name);
  }

  afterEach(async () => {
    for (const name of faults.splice(0)) await env.DB.exec(`DROP TRIGGER IF EXISTS ${name}`);
  });

  async function runsOf(date: string) {
    const { results } = await env.DB.prepare(
      'select status, error, finished_at as finishedAt from generation_runs where date = ? order by id',
    )
      .bind(date)
      .all<{ status: string; error: string | null; finishedAt: string | null }>();
    return results;
  }

  it('marks the run failed with the database error, and never hangs it as running', async () => {
    const date = '2026-07-07';
    await injectFault('store_fault', 'INSERT ON puzzles');
    const res = await appAt(at)(`/v1/puzzles/${date}/sudoku/easy`);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).error.code).toBe('database_unavailable');
    const [run] = await runsOf(date);
    expect(run).toMatchObject({ status: 'failed', finishedAt: at.replace('Z', '.000Z') });
    expect(run?.error).toContain('simulated store_fault');
  });

  it('keeps the statement and its parameters (the answers) out of the run error', async () => {
    const date = '2026-07-08';
    await injectFault('store_fault', 'INSERT ON puzzles');
    await appAt('2026-07-08T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
    const [run] = await runsOf(date);
    expect(run?.error).not.toMatch(/insert into|params/i);
  });

  it('is retried by the next request', async () => {
    const date = '2026-07-09';
    const api = appAt('2026-07-09T12:00:00Z');
    await injectFault('store_fault', 'INSERT ON puzzles');
    expect((await api(`/v1/puzzles/${date}/sudoku/easy`)).status).toBe(503);
    await env.DB.exec('DROP TRIGGER store_fault');
    expect((await api(`/v1/puzzles/${date}/sudoku/easy`)).status).toBe(200);
    expect((await runsOf(date)).map((r) => r.status)).toEqual(['failed', 'ok']);
  });

  it('is retried by the next cron run', async () => {
    const date = '2026-07-20';
    const ctx = {
      db: createDb(env.DB),
      salt: DEV_SECRETS.PUZZLE_SALT,
      now: () => new Date(`${date}T00:05:00Z`),
    };
    await injectFault('store_fault', 'INSERT ON puzzles');
    await expect(runDailyCron(ctx, { daysAhead: 1 })).rejects.toThrow();
    await env.DB.exec('DROP TRIGGER store_fault');
    const retried = await runDailyCron(ctx, { daysAhead: 1 });
    expect(retried.get(date as IsoDate)).toMatchObject({ status: 'ok' });
    expect((await runsOf(date)).map((r) => r.status)).toEqual(['failed', 'ok']);
  });

  it('that also refuses to mark the run leaves it running, which never blocks the retry', async () => {
    const date = '2026-07-10';
    const api = appAt('2026-07-10T12:00:00Z');
    await injectFault('store_fault', 'INSERT ON puzzles');
    await injectFault('log_fault', 'UPDATE ON generation_runs');
    expect((await api(`/v1/puzzles/${date}/sudoku/easy`)).status).toBe(503);
    expect((await runsOf(date)).map((r) => r.status)).toEqual(['running']);
    await env.DB.exec('DROP TRIGGER store_fault');
    await env.DB.exec('DROP TRIGGER log_fault');
    expect((await api(`/v1/puzzles/${date}/sudoku/easy`)).status).toBe(200);
  });

  it('leaves a run running only until a run starts 15 minutes later, which marks it abandoned', async () => {
    // Earlier than every other run of this file: the sweep must find this run alone.
    const date = '2026-06-15';
    await injectFault('store_fault', 'INSERT ON puzzles');
    await injectFault('log_fault', 'UPDATE ON generation_runs');
    await appAt('2026-06-15T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
    await env.DB.exec('DROP TRIGGER store_fault');
    await env.DB.exec('DROP TRIGGER log_fault');
    await appAt('2026-06-15T12:14:00Z')(`/v1/puzzles/${date}/sudoku/medium`);
    expect((await runsOf(date))[0]?.status).toBe('running');
    await appAt('2026-06-15T12:16:00Z')(`/v1/puzzles/${date}/sudoku/hard`);
    const [abandoned] = await runsOf(date);
    expect(abandoned).toMatchObject({ status: 'failed', finishedAt: '2026-06-15T12:16:00.000Z' });
    expect(abandoned?.error).toMatch(/abandoned/);
  });
});
