import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { calibrateBenchmarks } from '../../src/play/calibrate-benchmarks.js';
import { seedEstablishedPlayers } from '../support/established.js';
import { later, type NewPlayer, type ResultJson, register, solveAs } from '../support/play.js';

/**
 * A crowd solving a kind and level fast day after day, with the daily calibration run after each day: the
 * benchmark's change, for throwaway accounts and for established players.
 */
const daysFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => `2026-11-${String(first + i).padStart(2, '0')}`);

async function benchmark(level: string): Promise<number> {
  const row = await env.DB.prepare("select seconds from benchmarks where kind = 'sudoku' and level = ?")
    .bind(level)
    .first<{ seconds: number }>();
  return row?.seconds ?? 0;
}

/** Each day every player solves that day's puzzle in `share` × its benchmark; calibration runs at the day's end. */
async function playDays(
  days: readonly string[],
  players: (day: string) => Promise<NewPlayer[]>,
  level: 'easy' | 'medium',
  share: number,
) {
  for (const day of days) {
    for (const [i, p] of (await players(day)).entries()) {
      const fetchAt = later(`${day}T09:00:00Z`, i * 30);
      const seconds = Math.round(share * (await benchmark(level)));
      const { body } = await solveAs(p.token, {
        date: day,
        kind: 'sudoku',
        level,
        fetchAt,
        submitAt: later(fetchAt, seconds),
      });
      expect((body as ResultJson).verdict).toBe('clean');
    }
    await calibrateBenchmarks(createDb(env.DB), new Date(`${day}T23:30:00Z`));
  }
}

describe('calibration against a crowd', () => {
  it('30 throwaway accounts a day for 4 days at a third of the benchmark move it by 0 % (5 % allowed)', async () => {
    const start = await benchmark('easy');
    const throwaways = (day: string) =>
      Promise.all(Array.from({ length: 30 }, () => register(`${day}T08:00:00Z`)));
    await playDays(daysFrom(10, 4), throwaways, 'easy', 1 / 3);
    const change = Math.abs((await benchmark('easy')) / start - 1);
    expect(change).toBeLessThanOrEqual(0.05);
    expect(change).toBe(0);
  });

  it('30 established players a day at half the benchmark: 0 % after 4 days, then 20 % and 36 % lower on days 5 and 6 (the daily bound)', async () => {
    const start = await benchmark('medium');
    const days = daysFrom(15, 6);
    const established = await seedEstablishedPlayers(30, 'sudoku', days[0] as string);
    const them = async () => established;
    await playDays(days.slice(0, 4), them, 'medium', 1 / 2);
    expect(await benchmark('medium')).toBe(start);
    await playDays(days.slice(4, 5), them, 'medium', 1 / 2);
    expect(1 - (await benchmark('medium')) / start).toBeCloseTo(1 - 1.25 ** -1, 6);
    await playDays(days.slice(5), them, 'medium', 1 / 2);
    expect(1 - (await benchmark('medium')) / start).toBeCloseTo(1 - 1.25 ** -2, 6);
    const history = await env.DB.prepare(
      "select day, samples, players, limited from benchmark_history where kind = 'sudoku' and level = 'medium' order by id",
    ).all<{ day: string; samples: number; players: number; limited: number }>();
    expect(history.results.map((h) => h.day)).toEqual(days.slice(4));
    expect(history.results.every((h) => h.players === 30 && h.limited === 1)).toBe(true);
  });
});
