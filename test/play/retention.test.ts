import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../src/daily/calendar.js';
import { type RetentionDay, retentionByWeek, weekOf } from '../../src/play/retention.js';

const day = (date: string, newPlayers: number, back: Partial<RetentionDay> = {}): RetentionDay => ({
  date,
  newPlayers,
  backAfter1: 0,
  backAfter7: 0,
  backAfter30: 0,
  ...back,
});

describe('retention by week', () => {
  it('begins a week on its Monday (UTC)', () => {
    expect(weekOf('2026-10-05' as IsoDate)).toBe('2026-10-05');
    expect(weekOf('2026-10-11' as IsoDate)).toBe('2026-10-05');
    expect(weekOf('2026-10-12' as IsoDate)).toBe('2026-10-12');
  });

  it("sums a week's cohort and the returns of each of its dates, n days on", () => {
    const days = [
      day('2026-10-11', 4), // a Sunday
      day('2026-10-12', 6, { backAfter1: 3 }), // a Monday: of the Sunday's 4, 3 came back
      day('2026-10-13', 0, { backAfter1: 2 }), // of the Monday's 6, 2 came back
    ];
    expect(retentionByWeek(days, '2026-10-11' as IsoDate, '2026-10-12' as IsoDate)).toEqual([
      expect.objectContaining({ week: '2026-10-05', dates: 1, newPlayers: 4, back1: 3, rate1: 0.75 }),
      expect.objectContaining({ week: '2026-10-12', dates: 1, newPlayers: 6, back1: 2, rate1: 2 / 6 }),
    ]);
  });

  it('says null while a day a return needs has no row, and gives no rate without new players', () => {
    const [week] = retentionByWeek(
      [day('2026-10-12', 0, {})],
      '2026-10-12' as IsoDate,
      '2026-10-12' as IsoDate,
    );
    expect(week).toMatchObject({ newPlayers: 0, back1: null, back7: null, back30: null, rate1: null });
    const [known] = retentionByWeek(
      [day('2026-10-12', 0), day('2026-10-13', 0)],
      '2026-10-12' as IsoDate,
      '2026-10-12' as IsoDate,
    );
    expect(known).toMatchObject({ back1: 0, rate1: null, back7: null });
  });
});
