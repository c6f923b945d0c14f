import { describe, expect, it } from 'vitest';
import {
  addDays,
  answersPublicAt,
  areAnswersPublic,
  dateInTimeZone,
  daysBetween,
  type IsoDate,
  isPlayable,
  isTimeZone,
  latestPlayableDate,
  liveDates,
  parseIsoDate,
  playableFrom,
} from '../../src/daily/calendar.js';

const day = (text: string) => parseIsoDate(text) as IsoDate;

describe('calendar dates', () => {
  it('accepts real dates and refuses impossible ones', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29');
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('2026-1-01')).toBeNull();
    expect(parseIsoDate('2026-11-29T00:00')).toBeNull();
  });

  it('refuses a date with anything before it', () => {
    expect(parseIsoDate('x2026-11-29')).toBeNull();
    expect(parseIsoDate('12026-11-29')).toBeNull();
  });

  it('refuses years 0 to 99, which the runtime would read as 1900 to 1999', () => {
    expect(parseIsoDate('0050-01-01')).toBeNull();
  });

  it('counts whole days between two dates, negative backwards', () => {
    expect(daysBetween(day('2026-11-29'), day('2026-12-01'))).toBe(2);
    expect(daysBetween(day('2026-12-01'), day('2026-11-29'))).toBe(-2);
  });

  it('adds days across month and year ends', () => {
    expect(addDays(day('2026-12-31'), 1)).toBe('2027-01-01');
    expect(addDays(day('2026-03-01'), -1)).toBe('2026-02-28');
  });
});

describe('time zones around midnight UTC', () => {
  const justBeforeMidnight = new Date('2026-11-29T23:59:30Z');

  it('knows IANA names and refuses made-up ones', () => {
    expect(isTimeZone('Pacific/Kiritimati')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('puts Kiritimati (UTC+14) a day ahead of UTC', () => {
    expect(dateInTimeZone(justBeforeMidnight, 'UTC')).toBe('2026-11-29');
    expect(dateInTimeZone(justBeforeMidnight, 'Pacific/Kiritimati')).toBe('2026-11-30');
  });

  it('puts Pago Pago (UTC−11) behind UTC just after midnight', () => {
    const justAfter = new Date('2026-11-30T00:00:30Z');
    expect(dateInTimeZone(justAfter, 'UTC')).toBe('2026-11-30');
    expect(dateInTimeZone(justAfter, 'Pacific/Pago_Pago')).toBe('2026-11-29');
  });

  it('changes date on the very millisecond of local midnight, in zones a quarter or half hour off the hour', () => {
    // Local midnight of 2026-12-01 in each zone, as UTC.
    const midnights = {
      'Asia/Kathmandu': '2026-11-30T18:15:00.000Z',
      'America/St_Johns': '2026-12-01T03:30:00.000Z',
      'Pacific/Chatham': '2026-11-30T10:15:00.000Z',
      'Australia/Eucla': '2026-11-30T15:15:00.000Z',
    };
    for (const [zone, midnight] of Object.entries(midnights)) {
      const at = new Date(midnight).getTime();
      // Asked in time order and back again, so an answer kept for one instant is tested on its neighbours.
      for (const offsetMs of [-60_001, -60_000, -1, 0, 59_999, 60_000, -1, -60_000, 0]) {
        const expected = offsetMs < 0 ? '2026-11-30' : '2026-12-01';
        expect(dateInTimeZone(new Date(at + offsetMs), zone), `${zone} ${offsetMs}`).toBe(expected);
      }
    }
  });
});

describe('the playable window and the answer embargo', () => {
  it('has three dates live for rank between one opening in UTC+14 and the oldest closing in UTC−12', () => {
    expect(liveDates(new Date('2026-11-29T11:59:59Z'))).toEqual(['2026-11-30', '2026-11-29', '2026-11-28']);
    expect(liveDates(new Date('2026-11-29T12:00:00Z'))).toEqual(['2026-11-30', '2026-11-29']);
    expect(liveDates(new Date('2026-11-29T09:59:59Z'))).toEqual(['2026-11-29', '2026-11-28']);
  });

  it('opens a date when it begins in UTC+14', () => {
    expect(playableFrom(day('2026-11-30')).toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(isPlayable(day('2026-11-30'), new Date('2026-11-29T09:59:59Z'))).toBe(false);
    expect(isPlayable(day('2026-11-30'), new Date('2026-11-29T10:00:00Z'))).toBe(true);
  });

  it('names the newest playable date from Kiritimati', () => {
    expect(latestPlayableDate(new Date('2026-11-29T09:59:59Z'))).toBe('2026-11-29');
    expect(latestPlayableDate(new Date('2026-11-29T10:00:00Z'))).toBe('2026-11-30');
  });

  it('publishes answers only when the date has ended in UTC−12', () => {
    expect(answersPublicAt(day('2026-11-29')).toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(areAnswersPublic(day('2026-11-29'), new Date('2026-11-30T11:59:59Z'))).toBe(false);
    expect(areAnswersPublic(day('2026-11-29'), new Date('2026-11-30T12:00:00Z'))).toBe(true);
  });
});
