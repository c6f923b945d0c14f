import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundedByDay,
  CALIBRATION_STEP,
  type CalibrationSample,
  calibrate,
  MAX_DAILY_FACTOR,
  MAX_DAY_SHARE,
  MIN_CALIBRATION_PLAYERS,
  MIN_CALIBRATION_SAMPLES,
  trimmedMean,
} from '../../src/rating/calibration.js';

/** `n` samples at `ratio` × the benchmark, from `players` distinct players spread over `days` dates. */
function samples(n: number, ratio: number, players = n, days = n): CalibrationSample[] {
  return Array.from({ length: n }, (_, i) => ({
    ratio,
    playerId: `p${i % players}`,
    date: `2026-11-${String(1 + (i % days)).padStart(2, '0')}`,
  }));
}

describe('the trimmed mean', () => {
  it('cuts a fifth from each end before averaging', () => {
    expect(trimmedMean([100, 1, 2, 3, 4, 5, 6, 7, 8, -100])).toBe(4.5);
  });

  it('refuses an empty list', () => {
    expect(() => trimmedMean([])).toThrow(RangeError);
  });
});

describe('the per-day bound', () => {
  it('keeps no date above its share of what is kept, each date keeping its first samples', () => {
    const burst = samples(100, 0.3, 100, 1).map((s, i) => ({ ...s, playerId: `burst${i}` }));
    const steady = samples(40, 1, 40, 20);
    const kept = boundedByDay([...burst, ...steady]);
    const perDay = new Map<string, number>();
    for (const s of kept) perDay.set(s.date, (perDay.get(s.date) ?? 0) + 1);
    for (const n of perDay.values()) expect(n).toBeLessThanOrEqual(MAX_DAY_SHARE * kept.length);
    expect(kept.filter((s) => s.playerId.startsWith('burst')).map((s) => s.playerId)).toEqual(
      burst.slice(0, perDay.get('2026-11-01')).map((s) => s.playerId),
    );
  });

  it('leaves samples spread evenly over the days alone', () => {
    const even = samples(60, 1, 60, 10);
    expect(boundedByDay(even)).toEqual(even);
  });
});

describe('benchmark calibration', () => {
  it('changes nothing with fewer samples than the minimum of 30', () => {
    expect(MIN_CALIBRATION_SAMPLES).toBe(30);
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(29, 0.8) })).toBeNull();
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(30, 0.8) })).not.toBeNull();
  });

  it('changes nothing while the samples come from fewer than 20 distinct players', () => {
    expect(MIN_CALIBRATION_PLAYERS).toBe(20);
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(60, 0.8, 19) })).toBeNull();
    expect(calibrate({ benchmarkSeconds: 300, samples: samples(60, 0.8, 20) })).not.toBeNull();
  });

  it('moves halfway to the trimmed mean in log-time when that stays within the daily bound', () => {
    const spread = [0.1, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 20];
    const input = spread.flatMap((ratio, i) =>
      [0, 1, 2].map((k) => ({
        ratio,
        playerId: `p${i}-${k}`,
        date: `2026-10-${String(1 + i * 3 + k).padStart(2, '0')}`,
      })),
    );
    const result = calibrate({ benchmarkSeconds: 300, samples: input, minPlayers: 1 });
    expect(CALIBRATION_STEP).toBe(0.5);
    expect(result?.typicalSeconds).toBeCloseTo(270, 9);
    expect(result?.benchmarkSeconds).toBeCloseTo(Math.sqrt(300 * 270), 9);
    expect(result).toMatchObject({ samples: 30, limited: false });
  });

  it('moves at most ×1.25 in a day however far the typical time is', () => {
    expect(calibrate({ benchmarkSeconds: 100, samples: samples(40, 10) })).toMatchObject({
      benchmarkSeconds: 125,
      limited: true,
    });
    expect(calibrate({ benchmarkSeconds: 100, samples: samples(40, 0.1) })).toMatchObject({
      benchmarkSeconds: 80,
      limited: true,
    });
  });

  it('keeps a second run on the same day within the bound of the day’s starting value', () => {
    const again = calibrate({ benchmarkSeconds: 125, dayStartSeconds: 100, samples: samples(40, 10) });
    expect(again).toMatchObject({ benchmarkSeconds: 125, limited: true });
  });

  it('stays put when players take the benchmark', () => {
    expect(calibrate({ benchmarkSeconds: 240, samples: samples(30, 1) })?.benchmarkSeconds).toBe(240);
  });

  it('barely notices a burst of one day at the floor among steady samples', () => {
    const steady = samples(200, 1, 200, 25);
    const burst = samples(300, 0.05, 300, 1).map((s) => ({
      ...s,
      playerId: `b-${s.playerId}`,
      date: '2026-11-30',
    }));
    const clean = calibrate({ benchmarkSeconds: 500, samples: steady });
    const poisoned = calibrate({ benchmarkSeconds: 500, samples: [...burst, ...steady] });
    expect(clean?.benchmarkSeconds).toBe(500);
    expect(poisoned?.benchmarkSeconds).toBe(500);
  });

  it('never leaves the daily bound and never passes the typical time', () => {
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
            samples: ratios.map((ratio, i) => ({ ratio, playerId: `p${i}`, date: `d${i}` })),
            minSamples: 1,
            minPlayers: 1,
          });
          expect(result).not.toBeNull();
          const next = result?.benchmarkSeconds ?? 0;
          const typical = result?.typicalSeconds ?? 0;
          const tolerance = 1e-9 * dayStart;
          expect(next).toBeGreaterThanOrEqual(dayStart / MAX_DAILY_FACTOR - tolerance);
          expect(next).toBeLessThanOrEqual(dayStart * MAX_DAILY_FACTOR + tolerance);
          expect(next).toBeGreaterThanOrEqual(Math.min(benchmark, typical) - tolerance);
          expect(next).toBeLessThanOrEqual(Math.max(benchmark, typical) + tolerance);
        },
      ),
    );
  });

  it('rejects non-positive ratios and benchmarks', () => {
    expect(() =>
      calibrate({ benchmarkSeconds: 100, samples: [{ ratio: 0, playerId: 'p', date: 'd' }] }),
    ).toThrow(RangeError);
    expect(() => calibrate({ benchmarkSeconds: 0, samples: samples(30, 1) })).toThrow(RangeError);
  });
});
