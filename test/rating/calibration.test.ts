import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALIBRATION_STEP, calibrate, MAX_DAILY_FACTOR, median } from '../../src/rating/calibration.js';

const times = (n: number, seconds: number) => Array.from({ length: n }, () => seconds);

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('averages the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('benchmark calibration', () => {
  it('changes nothing while the sample is smaller than the minimum', () => {
    expect(calibrate({ benchmarkSeconds: 300, timesSeconds: times(29, 200), minSamples: 30 })).toBeNull();
  });

  it('uses a minimum sample of 30 by default', () => {
    expect(calibrate({ benchmarkSeconds: 300, timesSeconds: times(29, 280) })).toBeNull();
    expect(calibrate({ benchmarkSeconds: 300, timesSeconds: times(30, 280) })).not.toBeNull();
  });

  it('moves halfway to the median in log-time when that stays within the daily bound', () => {
    const result = calibrate({
      benchmarkSeconds: 300,
      timesSeconds: [250, 270, 280, 300, 900],
      minSamples: 5,
    });
    expect(CALIBRATION_STEP).toBe(0.5);
    expect(result).toEqual({
      benchmarkSeconds: Math.sqrt(300 * 280),
      medianSeconds: 280,
      samples: 5,
      limited: false,
    });
  });

  it('moves at most ×1.25 in a day however far the median is', () => {
    const up = calibrate({ benchmarkSeconds: 100, timesSeconds: times(40, 1000) });
    const down = calibrate({ benchmarkSeconds: 100, timesSeconds: times(40, 10) });
    expect(up).toMatchObject({ benchmarkSeconds: 125, limited: true });
    expect(down).toMatchObject({ benchmarkSeconds: 80, limited: true });
  });

  it('keeps a second run on the same day within the bound of the day’s starting value', () => {
    const again = calibrate({ benchmarkSeconds: 125, dayStartSeconds: 100, timesSeconds: times(40, 1000) });
    expect(again).toMatchObject({ benchmarkSeconds: 125, limited: true });
  });

  it('stays put when the median equals the benchmark', () => {
    expect(calibrate({ benchmarkSeconds: 240, timesSeconds: times(30, 240) })?.benchmarkSeconds).toBe(240);
  });

  it('never leaves the daily bound and never passes the median', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 5000, noNaN: true }),
        fc.double({ min: 1 / MAX_DAILY_FACTOR, max: MAX_DAILY_FACTOR, noNaN: true }),
        fc.array(fc.double({ min: 0.5, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (dayStart, drift, sample) => {
          const benchmark = dayStart * drift;
          const result = calibrate({
            benchmarkSeconds: benchmark,
            dayStartSeconds: dayStart,
            timesSeconds: sample,
            minSamples: 1,
          });
          expect(result).not.toBeNull();
          const next = result!.benchmarkSeconds;
          const tolerance = 1e-9 * dayStart;
          expect(next).toBeGreaterThanOrEqual(dayStart / MAX_DAILY_FACTOR - tolerance);
          expect(next).toBeLessThanOrEqual(dayStart * MAX_DAILY_FACTOR + tolerance);
          expect(next).toBeGreaterThanOrEqual(Math.min(benchmark, result!.medianSeconds) - tolerance);
          expect(next).toBeLessThanOrEqual(Math.max(benchmark, result!.medianSeconds) + tolerance);
        },
      ),
    );
  });

  it('rejects non-positive times and benchmarks and a minimum sample below one', () => {
    expect(() => calibrate({ benchmarkSeconds: 100, timesSeconds: [10, 0], minSamples: 1 })).toThrow(
      RangeError,
    );
    expect(() => calibrate({ benchmarkSeconds: 0, timesSeconds: [10], minSamples: 1 })).toThrow(RangeError);
    expect(() => calibrate({ benchmarkSeconds: 100, timesSeconds: [10], minSamples: 0 })).toThrow(RangeError);
  });
});
