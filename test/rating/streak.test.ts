import { describe, expect, it } from 'vitest';
import { streaks } from '../../src/rating/streak.js';

describe('streaks', () => {
  it('is zero for a player who never solved', () => {
    expect(streaks([], '2026-11-29')).toEqual({ current: 0, best: 0 });
  });

  it('counts a run ending today as current', () => {
    expect(streaks(['2026-11-27', '2026-11-28', '2026-11-29'], '2026-11-29')).toEqual({
      current: 3,
      best: 3,
    });
  });

  it("keeps a run ending yesterday current, since today's puzzle may still be solved", () => {
    expect(streaks(['2026-11-27', '2026-11-28'], '2026-11-29')).toEqual({ current: 2, best: 2 });
  });

  it('drops the current streak to zero after a whole missed day but keeps the best', () => {
    expect(streaks(['2026-11-26', '2026-11-27'], '2026-11-29')).toEqual({ current: 0, best: 2 });
  });

  it('reports the longest earlier run as best while a shorter run is current', () => {
    const dates = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-28', '2026-11-29'];
    expect(streaks(dates, '2026-11-29')).toEqual({ current: 2, best: 4 });
  });

  it('runs across month, year and leap-day boundaries', () => {
    expect(streaks(['2027-12-31', '2028-01-01'], '2028-01-01').current).toBe(2);
    expect(streaks(['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01').current).toBe(3);
    expect(streaks(['2027-02-28', '2027-03-01'], '2027-03-01').current).toBe(2);
  });

  it('accepts dates in any order and repeated', () => {
    expect(streaks(['2026-11-29', '2026-11-28', '2026-11-29'], '2026-11-29')).toEqual({
      current: 2,
      best: 2,
    });
  });

  it('keeps the streak alive with a puzzle date after today (already begun elsewhere on Earth)', () => {
    expect(streaks(['2026-11-28', '2026-11-29', '2026-11-30'], '2026-11-29')).toEqual({
      current: 3,
      best: 3,
    });
  });

  it('rejects malformed and impossible dates', () => {
    expect(() => streaks(['2026-2-01'], '2026-11-29')).toThrow(RangeError);
    expect(() => streaks(['2027-02-29'], '2027-03-01')).toThrow(RangeError);
    expect(() => streaks([], '2026-13-01')).toThrow(RangeError);
  });
});
