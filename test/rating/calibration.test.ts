import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rng } from '../../src/engines/rng.js';
import {
  BAND_MARGIN_Z,
  boundedByDay,
  CALIBRATION_STEP,
  type CalibrationSample,
  calibrate,
  deadBand,
  MAX_DAILY_FACTOR,
  MAX_DAY_SHARE,
  MAX_MINORITY_SHARE,
  MIN_CALIBRATION_PLAYERS,
  MIN_CALIBRATION_SAMPLES,
  onePerPlayer,
} from '../../src/rating/calibration.js';
import { HONEST_LOG_SPREAD, honestTimes } from '../support/honest-times.js';

const dateOf = (i: number) =>
  `2026-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;

/** `n` samples at `seconds`, from `players` distinct players spread over `days` dates, drawn in order. */
function samples(n: number, seconds: number, players = n, days = n): CalibrationSample[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    seconds,
    playerId: `p${i % players}`,
    date: dateOf(i % days),
    drawKey: i,
  }));
}

describe('one sample per player', () => {
  it('keeps each player’s first drawn sample, whatever its date or time', () => {
    const all = [
      { id: 1, seconds: 10, playerId: 'a', date: '2026-11-01', drawKey: 7 },
      { id: 2, seconds: 20, playerId: 'a', date: '2026-11-02', drawKey: 3 },
      { id: 3, seconds: 30, playerId: 'b', date: '2026-11-02', drawKey: 9 },
      { id: 4, seconds: 40, playerId: 'a', date: '2026-11-03', drawKey: 5 },
    ];
    expect(onePerPlayer(all).map((s) => s.id)).toEqual([2, 3]);
  });

  it('keeps the lower id of two samples drawn alike, in either order', () => {
    const a = { id: 2, seconds: 10, playerId: 'a', date: '2026-11-01', drawKey: 0.5 };
    const b = { id: 5, seconds: 20, playerId: 'a', date: '2026-11-02', drawKey: 0.5 };
    expect(onePerPlayer([a, b])).toEqual([a]);
    expect(onePerPlayer([b, a])).toEqual([a]);
  });

  it('keeps the first drawn sample over one with a lower id drawn later, in either order', () => {
    const early = { id: 9, seconds: 10, playerId: 'a', date: '2026-11-01', drawKey: 0.25 };
    const late = { id: 1, seconds: 20, playerId: 'a', date: '2026-11-02', drawKey: 0.5 };
    expect(onePerPlayer([early, late])).toEqual([early]);
    expect(onePerPlayer([late, early])).toEqual([early]);
  });

  it('spreads a player who plays every day evenly over the days', () => {
    const random = rng('spread');
    const daily = Array.from({ length: 300 * 10 }, (_, i) => ({
      id: i + 1,
      seconds: 60,
      playerId: `p${i % 300}`,
      date: dateOf(Math.floor(i / 300)),
      drawKey: random(),
    }));
    const perDay = new Map<string, number>();
    for (const s of onePerPlayer(daily)) perDay.set(s.date, (perDay.get(s.date) ?? 0) + 1);
    expect(perDay.size).toBe(10);
    for (const n of perDay.values()) expect(Math.abs(n - 30)).toBeLessThanOrEqual(15);
  });
});

describe('the per-day bound', () => {
  it('keeps no date above its share of what is kept, each date keeping its first drawn samples', () => {
    const burst = samples(100, 30, 100, 1).map((s) => ({
      ...s,
      playerId: `burst${s.id}`,
      drawKey: 100 - s.id,
    }));
    const steady = samples(40, 100, 40, 20).map((s) => ({ ...s, id: s.id + 1000, date: dateOf(s.id) }));
    const kept = boundedByDay([...burst, ...steady]);
    const perDay = new Map<string, number>();
    for (const s of kept) perDay.set(s.date, (perDay.get(s.date) ?? 0) + 1);
    for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(MAX_DAY_SHARE * kept.length);
    const burstKept = kept.filter((s) => s.playerId.startsWith('burst')).map((s) => s.drawKey);
    expect(burstKept.sort((a, b) => a - b)).toEqual(Array.from({ length: burstKept.length }, (_, i) => i));
  });

  it('leaves samples spread evenly over the days alone', () => {
    const even = samples(60, 100, 60, 10);
    expect(boundedByDay(even)).toEqual(even);
  });
});

describe('the dead band', () => {
  it('refuses an empty list', () => {
    expect(() => deadBand([])).toThrow('dead band of an empty list');
  });

  it('spans the 40th to 60th percentiles, each widened by two binomial deviations of rank', () => {
    expect(MAX_MINORITY_SHARE).toBe(0.2);
    expect(BAND_MARGIN_Z).toBe(2);
    const values = Array.from({ length: 1000 }, (_, i) => i);
    // floor(1000 × 0.4 − 2 × √(1000 × 0.4 × 0.6)) = floor(400 − 30.98) = 369
    expect(deadBand(values)).toEqual({ low: 369, high: 630 });
  });

  it('is the whole range for a handful of values', () => {
    expect(deadBand([1, 2, 3, 4, 5])).toEqual({ low: 1, high: 5 });
  });
});

describe('benchmark calibration', () => {
  it('changes nothing with fewer samples than the minimum of 30', () => {
    expect(MIN_CALIBRATION_SAMPLES).toBe(30);
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(29, 240) })).toBeNull();
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(30, 240) })).not.toBeNull();
  });

  it('changes nothing while the samples come from fewer than 20 distinct players', () => {
    expect(MIN_CALIBRATION_PLAYERS).toBe(20);
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(60, 240, 19), minSamples: 1 })).toBeNull();
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(60, 240, 20), minSamples: 1 })).not.toBeNull();
  });

  it('counts each player once: 60 solves by 29 players are too few samples', () => {
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(60, 240, 29, 60) })).toBeNull();
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(60, 240, 30, 60) })?.samples).toBe(30);
  });

  it('moves halfway to the nearer edge of the dead band, in log-time, when that stays within the daily bound', () => {
    // 40 samples 200…239: the band is ranks 9 and 30 (floor(16 − 2 × √9.6) = 9), 209 s and 230 s.
    const seconds = Array.from({ length: 40 }, (_, i) => 200 + i);
    const input = seconds.map((s, i) => ({
      id: i + 1,
      seconds: s,
      playerId: `p${i}`,
      date: dateOf(i),
      drawKey: i,
    }));
    const result = calibrate({ benchmarkSeconds: 300, samples: input });
    expect(CALIBRATION_STEP).toBe(0.5);
    expect(result?.benchmarkSeconds).toBeCloseTo(Math.sqrt(300 * 230), 9);
    expect(result?.typicalSeconds).toBeCloseTo(Math.sqrt(219 * 220), 9);
    expect(result).toMatchObject({ samples: 40, limited: false, through: 40 });
  });

  it('stays put while the benchmark is inside the dead band, even away from the median', () => {
    const seconds = Array.from({ length: 40 }, (_, i) => 200 + i);
    const input = seconds.map((s, i) => ({
      id: i + 1,
      seconds: s,
      playerId: `p${i}`,
      date: dateOf(i),
      drawKey: i,
    }));
    expect(calibrate({ benchmarkSeconds: 209, samples: input })?.benchmarkSeconds).toBe(209);
    expect(calibrate({ benchmarkSeconds: 209.1, samples: input })?.benchmarkSeconds).toBe(209.1);
    expect(calibrate({ benchmarkSeconds: 208.9, samples: input })?.benchmarkSeconds).toBeGreaterThan(208.9);
    expect(calibrate({ benchmarkSeconds: 230, samples: input })?.benchmarkSeconds).toBe(230);
    expect(calibrate({ benchmarkSeconds: 229.9, samples: input })?.benchmarkSeconds).toBe(229.9);
    expect(calibrate({ benchmarkSeconds: 230.1, samples: input })?.benchmarkSeconds).toBeLessThan(230.1);
  });

  it('calls a benchmark that stays put inside the band not limited, even outside the day’s bound', () => {
    const input = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      seconds: 200 + i,
      playerId: `p${i}`,
      date: dateOf(i),
      drawKey: i,
    }));
    expect(calibrate({ benchmarkSeconds: 209, dayStartSeconds: 100, samples: input })).toMatchObject({
      benchmarkSeconds: 209,
      limited: false,
    });
  });

  it('moves at most ×1.25 in a day however far the typical time is', () => {
    expect(calibrate({ benchmarkSeconds: 100, samples: samples(40, 1000) })).toMatchObject({
      benchmarkSeconds: 125,
      limited: true,
    });
    expect(calibrate({ benchmarkSeconds: 100, samples: samples(40, 10) })).toMatchObject({
      benchmarkSeconds: 80,
      limited: true,
    });
  });

  it('keeps a second run on the same day within the bound of the day’s starting value', () => {
    const again = calibrate({ benchmarkSeconds: 125, dayStartSeconds: 100, samples: samples(40, 1000) });
    expect(again).toMatchObject({ benchmarkSeconds: 125, limited: true });
  });

  it('stays put when players take the benchmark', () => {
    expect(calibrate({ benchmarkSeconds: 240, samples: samples(30, 240) })?.benchmarkSeconds).toBe(240);
  });

  it('barely notices a burst of one day at the floor among steady samples', () => {
    const steady = samples(200, 500, 200, 25);
    const burst = samples(300, 25, 300, 1).map((s) => ({
      ...s,
      id: s.id + 1000,
      playerId: `b-${s.playerId}`,
      date: '2026-11-30',
    }));
    expect(calibrate({ benchmarkSeconds: 500, samples: steady })?.benchmarkSeconds).toBe(500);
    expect(calibrate({ benchmarkSeconds: 500, samples: [...burst, ...steady] })?.benchmarkSeconds).toBe(500);
  });

  it('reads samples as seconds: the same samples give the same new value whatever benchmark they were scored against', () => {
    const a = calibrate({ benchmarkSeconds: 100, samples: samples(40, 90) });
    const b = calibrate({
      benchmarkSeconds: 100,
      samples: samples(40, 90).map((s) => ({ ...s, id: s.id + 5 })),
    });
    expect(a?.benchmarkSeconds).toBeCloseTo(Math.sqrt(100 * 90), 9);
    expect(b?.benchmarkSeconds).toBe(a?.benchmarkSeconds);
  });

  it('never leaves the daily bound and never passes the median', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 5000, noNaN: true }),
        fc.double({ min: 1 / MAX_DAILY_FACTOR, max: MAX_DAILY_FACTOR, noNaN: true }),
        fc.array(fc.double({ min: 0.01, max: 100, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (dayStart, drift, ratios) => {
          const benchmark = dayStart * drift;
          const result = calibrate({
            benchmarkSeconds: benchmark,
            dayStartSeconds: dayStart,
            samples: ratios.map((r, i) => ({
              id: i + 1,
              seconds: r * dayStart,
              playerId: `p${i}`,
              date: `d${i}`,
              drawKey: i,
            })),
            minSamples: 1,
            minPlayers: 1,
          });
          expect(result).not.toBeNull();
          const next = result?.benchmarkSeconds ?? 0;
          const typical = result?.typicalSeconds ?? 0;
          const tolerance = 1e-9 * dayStart;
          if (next !== benchmark) {
            expect(next).toBeGreaterThanOrEqual(dayStart / MAX_DAILY_FACTOR - tolerance);
            expect(next).toBeLessThanOrEqual(dayStart * MAX_DAILY_FACTOR + tolerance);
          }
          expect(next).toBeGreaterThanOrEqual(Math.min(benchmark, typical) - tolerance);
          expect(next).toBeLessThanOrEqual(Math.max(benchmark, typical) + tolerance);
        },
      ),
    );
  });

  it('with no new samples never moves: a second run on the same samples, or on fewer as they age out, changes nothing', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 5000, noNaN: true }),
        fc.array(
          fc.record({
            ratio: fc.double({ min: 0.01, max: 100, noNaN: true }),
            player: fc.integer({ min: 0, max: 80 }),
            day: fc.integer({ min: 0, max: 40 }),
            kept: fc.boolean(),
          }),
          { minLength: 1, maxLength: 120 },
        ),
        fc.integer({ min: 1, max: 5 }),
        (benchmark, drawn, runs) => {
          const all = drawn.map((d, i) => ({
            id: i + 1,
            seconds: d.ratio * benchmark,
            playerId: `p${d.player}`,
            date: dateOf(d.day),
            drawKey: (i * 7919) % 1009,
          }));
          const first = calibrate({
            benchmarkSeconds: benchmark,
            samples: all,
            minSamples: 1,
            minPlayers: 1,
          });
          expect(first).not.toBeNull();
          const settled = first?.benchmarkSeconds ?? benchmark;
          const ageing = all.filter((_, i) => drawn[i]?.kept);
          for (let run = 0; run < runs; run++) {
            for (const same of [all, ageing]) {
              const again = calibrate({
                benchmarkSeconds: settled,
                calibratedThrough: first?.through ?? 0,
                samples: same,
                minSamples: 1,
                minPlayers: 1,
              });
              expect(again).toBeNull();
            }
          }
        },
      ),
    );
  });

  it('moves again once a sample newer than its last change arrives', () => {
    const old = samples(40, 50);
    const first = calibrate({ benchmarkSeconds: 100, samples: old });
    const settled = first?.benchmarkSeconds ?? 0;
    expect(
      calibrate({ benchmarkSeconds: settled, calibratedThrough: first?.through, samples: old }),
    ).toBeNull();
    const newer = [...old, { id: 41, seconds: 50, playerId: 'new', date: dateOf(41), drawKey: 41 }];
    const next = calibrate({ benchmarkSeconds: settled, calibratedThrough: first?.through, samples: newer });
    expect(next?.benchmarkSeconds).toBeLessThan(settled);
  });

  it('rejects non-positive times and benchmarks', () => {
    expect(() =>
      calibrate({
        benchmarkSeconds: 100,
        samples: [{ id: 1, seconds: 0, playerId: 'p', date: 'd', drawKey: 0 }],
      }),
    ).toThrow('sample 0 must be positive, got 0');
    expect(() => calibrate({ benchmarkSeconds: 0, samples: samples(30, 1) })).toThrow(
      'benchmark must be positive, got 0',
    );
    expect(() => calibrate({ benchmarkSeconds: 100, dayStartSeconds: -1, samples: samples(30, 1) })).toThrow(
      'day-start benchmark must be positive, got -1',
    );
  });
});

/**
 * Day after day: each date brings `honest(day)` honest samples (log-normal around `honestMedian`, σ 0.5,
 * each its own player) and `group(day)` samples at `groupSeconds` from a coordinated group's fresh
 * accounts (the worst case: one sample per account, so every sample survives); calibration runs once at
 * each day's end over the window's 32 dates. The benchmark after each day.
 */
function simulate(options: {
  days: number;
  start: number;
  honestMedian: number;
  honest: (day: number) => number;
  group: (day: number) => number;
  groupSeconds: number;
  seed: string;
}): number[] {
  const random = rng(`${options.seed}:draw`);
  const pool: CalibrationSample[] = [];
  let benchmark = options.start;
  let through: number | null = null;
  let id = 0;
  const after: number[] = [];
  for (let day = 0; day < options.days; day++) {
    const date = dateOf(day);
    const times = [
      ...honestTimes(`${options.seed}:${day}`, options.honest(day), options.honestMedian),
      ...Array.from({ length: options.group(day) }, () => options.groupSeconds),
    ];
    for (const seconds of times) {
      id++;
      pool.push({ id, seconds, playerId: `${date}-${id}`, date, drawKey: random() });
    }
    const window = pool.filter((s) => s.date >= dateOf(day - 31));
    const result = calibrate({ benchmarkSeconds: benchmark, samples: window, calibratedThrough: through });
    if (result && result.benchmarkSeconds !== benchmark) {
      benchmark = result.benchmarkSeconds;
      through = result.through;
    }
    after.push(benchmark);
  }
  return after;
}

describe('calibration against a coordinated group (honest times log-normal, σ 0.5 in log-time)', () => {
  const B = 100;
  const move = (after: number[]) => Math.max(...after.map((b) => Math.abs(b / B - 1)));

  it.each([
    { pace: 'very fast (a twentieth of the benchmark)', seconds: 5 },
    { pace: 'fast (half the benchmark)', seconds: 50 },
    { pace: 'slow (twice the benchmark)', seconds: 200 },
    { pace: 'very slow (20× the benchmark)', seconds: 2000 },
  ])(
    'a group supplying a fifth of every date’s samples, $pace, moves a benchmark by at most 5 percent in 30 days (measured: 0)',
    ({ seconds: pace }) => {
      expect(HONEST_LOG_SPREAD).toBe(0.5);
      const after = simulate({
        days: 30,
        start: B,
        honestMedian: B,
        honest: () => 40,
        group: () => 10,
        groupSeconds: pace,
        seed: `20:${pace}`,
      });
      expect(move(after)).toBeLessThanOrEqual(0.05);
      expect(move(after)).toBe(0);
    },
  );

  /**
   * It comes back to the edge of the honest crowd's dead band, not to its median: with 20 % allowed to
   * sit anywhere, the honest median is only known to within the band (about ×0.85–×1.18 at σ 0.5), so
   * nothing inside it can be told from an attack. Measured: 100 → 71.7 while they play, 84.3 after.
   */
  it('supplying 50 % of every date’s samples for 10 days moves it within the daily bound each day, and it comes back to the honest crowd’s dead band once they stop', () => {
    const after = simulate({
      days: 75,
      start: B,
      honestMedian: B,
      honest: () => 25,
      group: (day) => (day < 10 ? 25 : 0),
      groupSeconds: 10,
      seed: '50',
    });
    [B, ...after].slice(0, -1).forEach((before, i) => {
      const day = after[i] as number;
      expect(day / before).toBeGreaterThanOrEqual(1 / MAX_DAILY_FACTOR - 1e-12);
      expect(day / before).toBeLessThanOrEqual(MAX_DAILY_FACTOR + 1e-12);
    });
    const lowest = Math.min(...after);
    expect(lowest).toBeCloseTo(71.7, 1);
    const afterStop = after.slice(after.indexOf(lowest));
    afterStop.slice(1).forEach((b, i) => {
      expect(b).toBeGreaterThanOrEqual(afterStop[i] as number);
    });
    expect(after.at(-1) as number).toBeGreaterThan(0.84 * B);
  });

  it('an honest crowd whose real times are 40 % under the benchmark still moves it, to its dead band (100 → 70.7 for a crowd at 60)', () => {
    const after = simulate({
      days: 30,
      start: B,
      honestMedian: 0.6 * B,
      honest: () => 50,
      group: () => 0,
      groupSeconds: 1,
      seed: 'honest',
    });
    expect(after.at(-1) as number).toBeLessThan(0.72 * B);
  });
});
