import { describe, expect, it } from 'vitest';
import { PLAY_DAY_GAP_MS, playDaysWith } from '../../src/rating/play-days.js';
import { isEstablished } from '../../src/rating/standing.js';

const start = '2026-11-29T10:00:00.000Z';
const plus = (ms: number) => new Date(Date.parse(start) + ms).toISOString();

describe('days of play on the server clock', () => {
  it('begins the first day with the first solve', () => {
    expect(playDaysWith([], start)).toEqual([start]);
  });

  it('begins a new day exactly 20 hours after the previous day began', () => {
    expect(playDaysWith([start], plus(PLAY_DAY_GAP_MS))).toEqual([start, plus(PLAY_DAY_GAP_MS)]);
  });

  it('keeps a solve 1 ms short of 20 hours in the same day', () => {
    expect(playDaysWith([start], plus(PLAY_DAY_GAP_MS - 1))).toEqual([start]);
  });

  it('measures the gap from the latest day, not the first one', () => {
    const second = plus(PLAY_DAY_GAP_MS);
    expect(playDaysWith([start, second], plus(2 * PLAY_DAY_GAP_MS - 1))).toEqual([start, second]);
    expect(playDaysWith([start, second], plus(2 * PLAY_DAY_GAP_MS))).toHaveLength(3);
  });
});

describe('established', () => {
  const record = { games: 5, playDays: 3, deviation: 229 };

  it('takes five games on three days of play with a deviation under 230', () => {
    expect(isEstablished(record)).toBe(true);
  });

  it('is not with four games, two days of play, or a deviation of 230', () => {
    expect(isEstablished({ ...record, games: 4 })).toBe(false);
    expect(isEstablished({ ...record, playDays: 2 })).toBe(false);
    expect(isEstablished({ ...record, deviation: 230 })).toBe(false);
  });
});
