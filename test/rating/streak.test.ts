import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREEZE_EVERY, MAX_FREEZES, streaks } from '../../src/rating/streak.js';

/** `n` consecutive dates from 2026-11-01. */
const run = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `2026-11-${String(from + i).padStart(2, '0')}`);

describe('streaks', () => {
  it('is zero for a player who never solved', () => {
    expect(streaks([], '2026-11-29')).toEqual({ current: 0, best: 0, freezes: 0, latest: null });
  });

  it('counts a run ending today as current', () => {
    expect(streaks(['2026-11-27', '2026-11-28', '2026-11-29'], '2026-11-29')).toMatchObject({
      current: 3,
      best: 3,
    });
  });

  it("keeps a run ending yesterday current, since today's puzzle may still be solved", () => {
    expect(streaks(['2026-11-27', '2026-11-28'], '2026-11-29')).toMatchObject({ current: 2, best: 2 });
  });

  it('drops the current streak to zero after a whole missed day without a freeze, but keeps the best', () => {
    expect(streaks(['2026-11-26', '2026-11-27'], '2026-11-29')).toMatchObject({ current: 0, best: 2 });
  });

  it('reports the longest earlier run as best while a shorter run is current', () => {
    const dates = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-28', '2026-11-29'];
    expect(streaks(dates, '2026-11-29')).toMatchObject({ current: 2, best: 4, latest: 'extended' });
  });

  it('runs across month, year and leap-day boundaries', () => {
    expect(streaks(['2027-12-31', '2028-01-01'], '2028-01-01').current).toBe(2);
    expect(streaks(['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01').current).toBe(3);
    expect(streaks(['2027-02-28', '2027-03-01'], '2027-03-01').current).toBe(2);
  });

  it('counts any calendar day and the next as a run of two, and a day between them as a break', () => {
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_900_000 }), (n) => {
        const day = Date.UTC(1970, 0, 1) + n * 86_400_000;
        expect(streaks([iso(day), iso(day + 86_400_000)], iso(day + 86_400_000)).current).toBe(2);
        expect(streaks([iso(day), iso(day + 2 * 86_400_000)], iso(day + 2 * 86_400_000)).best).toBe(1);
      }),
    );
  });

  it('accepts dates in any order and repeated', () => {
    expect(streaks(['2026-11-29', '2026-11-28', '2026-11-29'], '2026-11-29')).toMatchObject({
      current: 2,
      best: 2,
    });
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => streaks(['2026-2-01'], '2026-11-29')).toThrow(RangeError);
    expect(() => streaks(['2027-02-29'], '2027-03-01')).toThrow(RangeError);
    expect(() => streaks([], '2026-13-01')).toThrow(RangeError);
  });

  it('refuses a date with anything before or after it, and says why', () => {
    expect(() => streaks(['x2026-11-29'], '2026-11-29')).toThrow('not a YYYY-MM-DD date: "x2026-11-29"');
    expect(() => streaks(['2026-11-29x'], '2026-11-29')).toThrow('not a YYYY-MM-DD date: "2026-11-29x"');
  });

  it('refuses day 00 and the day after a month’s last, and takes the last', () => {
    expect(() => streaks(['2026-11-00'], '2026-11-29')).toThrow('no such date: 2026-11-00');
    expect(() => streaks(['2026-11-31'], '2026-11-29')).toThrow('no such date: 2026-11-31');
    expect(streaks(['2026-11-30'], '2026-11-30').current).toBe(1);
  });

  it('has 29 February in 2000 and 2024 but not in 1900 or 2100', () => {
    expect(streaks(['2000-02-29'], '2000-02-29').current).toBe(1);
    expect(streaks(['2024-02-29'], '2024-02-29').current).toBe(1);
    expect(() => streaks(['1900-02-29'], '1900-03-01')).toThrow('no such date: 1900-02-29');
    expect(() => streaks(['2100-02-29'], '2100-03-01')).toThrow('no such date: 2100-02-29');
  });

  it('runs across the first of March of a 400-year cycle and of a century', () => {
    expect(streaks(['2000-02-28', '2000-02-29', '2000-03-01'], '2000-03-01').current).toBe(3);
    expect(streaks(['2100-02-28', '2100-03-01'], '2100-03-01').current).toBe(2);
    expect(streaks(['1899-12-31', '1900-01-01'], '1900-01-01').current).toBe(2);
  });
});

describe('streak freezes', () => {
  it(`earns one freeze for every ${FREEZE_EVERY} days of a run, holding at most ${MAX_FREEZES}`, () => {
    expect(streaks(run(6), '2026-11-06').freezes).toBe(0);
    expect(streaks(run(7), '2026-11-07').freezes).toBe(1);
    expect(streaks(run(14), '2026-11-14').freezes).toBe(2);
    expect(streaks(run(21), '2026-11-21').freezes).toBe(2);
  });

  it('spends a freeze on a missed date: the run goes on, the frozen date does not lengthen it', () => {
    const dates = [...run(7), '2026-11-09'];
    expect(streaks(dates, '2026-11-09')).toEqual({ current: 8, best: 8, freezes: 0, latest: 'frozen' });
  });

  it('keeps the streak current over a missed yesterday while a freeze is held', () => {
    expect(streaks(run(7), '2026-11-09')).toMatchObject({ current: 7, freezes: 1 });
    expect(streaks(run(7), '2026-11-10')).toMatchObject({ current: 0, freezes: 0 });
  });

  it('spends two freezes on two missed dates', () => {
    expect(streaks([...run(14), '2026-11-17'], '2026-11-17')).toMatchObject({
      current: 15,
      freezes: 0,
      latest: 'frozen',
    });
  });

  it('resets when the gap is longer than the freezes held, which are then gone', () => {
    expect(streaks([...run(7), '2026-11-10'], '2026-11-10')).toEqual({
      current: 1,
      best: 7,
      freezes: 0,
      latest: 'reset',
    });
  });

  it('says a first solve started the streak', () => {
    expect(streaks(['2026-11-05'], '2026-11-05').latest).toBe('started');
  });
});
