import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../src/daily/calendar.js';
import { type PlayerCalendar, streakDateAt } from '../../src/daily/calendar-change.js';

const WEST = 'Etc/GMT+12';
const EAST = 'Pacific/Kiritimati';

/** A player that moved `from` → `to` at `at`. */
function moved(from: string, to: string, at: string): PlayerCalendar {
  return { timeZone: to, timeZonePrevious: from, timeZoneChangedAt: at };
}

const has =
  (...dates: string[]) =>
  (date: IsoDate) =>
    dates.includes(date);

const at = (iso: string) => new Date(iso);

describe('the streak date after a change of time zone', () => {
  it('is the zone’s own date for a player that never changed it', () => {
    const calendar = { timeZone: EAST, timeZonePrevious: null, timeZoneChangedAt: null };
    expect(streakDateAt(calendar, 'UTC', at('2026-11-11T00:40:00Z'), has('2026-11-10'))).toBe('2026-11-11');
  });

  it('is the fallback zone’s date for a player without a zone', () => {
    const calendar = { timeZone: null, timeZonePrevious: null, timeZoneChangedAt: null };
    expect(streakDateAt(calendar, WEST, at('2026-11-11T00:40:00Z'), has())).toBe('2026-11-10');
  });

  it('is the new zone’s date at once when the streak lacks the date of the change', () => {
    const calendar = moved(WEST, EAST, '2026-11-11T00:36:00Z');
    expect(streakDateAt(calendar, 'UTC', at('2026-11-11T00:40:00Z'), has('2026-11-09'))).toBe('2026-11-11');
  });

  it('holds the date of the change eastwards until 1 ms before it ends in the old zone', () => {
    const calendar = moved(WEST, EAST, '2026-11-11T00:36:00Z');
    const before = at('2026-11-11T11:59:59.999Z');
    expect(streakDateAt(calendar, 'UTC', before, has('2026-11-10'))).toBe('2026-11-10');
  });

  it('takes the new zone’s date eastwards from the moment the old date ends there', () => {
    const calendar = moved(WEST, EAST, '2026-11-11T00:36:00Z');
    const ended = at('2026-11-11T12:00:00.000Z');
    expect(streakDateAt(calendar, 'UTC', ended, has('2026-11-10'))).toBe('2026-11-12');
  });

  it('holds the date of the change westwards while the new zone is still before it', () => {
    const calendar = moved(EAST, WEST, '2026-11-17T11:06:00Z');
    // Kiritimati's 18th has ended; at UTC−12 it is 22:00 on the 17th.
    expect(streakDateAt(calendar, 'UTC', at('2026-11-18T10:00:00Z'), has('2026-11-18'))).toBe('2026-11-18');
    expect(streakDateAt(calendar, 'UTC', at('2026-11-19T11:59:59.999Z'), has('2026-11-18'))).toBe(
      '2026-11-18',
    );
  });

  it('takes the new zone’s date westwards once it passes the date of the change', () => {
    const calendar = moved(EAST, WEST, '2026-11-17T11:06:00Z');
    expect(streakDateAt(calendar, 'UTC', at('2026-11-19T12:00:00Z'), has('2026-11-18'))).toBe('2026-11-19');
  });

  it('never gives a date before the date of the change, even while the old zone holds it', () => {
    const calendar = moved(EAST, WEST, '2026-11-17T11:06:00Z');
    expect(streakDateAt(calendar, 'UTC', at('2026-11-17T11:10:00Z'), has('2026-11-18'))).toBe('2026-11-18');
  });
});
