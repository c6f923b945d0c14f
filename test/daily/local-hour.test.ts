import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../src/daily/calendar.js';
import { localDateEnd, localHourStart, nextReminderSlot } from '../../src/daily/local-hour.js';

const at = (date: string, hour: number, tz: string) =>
  localHourStart(date as IsoDate, hour, tz).toISOString();

describe('the start of a local hour', () => {
  it('is the wall time less the zone’s offset, half and quarter hours included', () => {
    expect(at('2026-12-02', 19, 'Europe/Paris')).toBe('2026-12-02T18:00:00.000Z');
    expect(at('2026-07-02', 19, 'Europe/Paris')).toBe('2026-07-02T17:00:00.000Z');
    expect(at('2026-12-02', 19, 'Asia/Kolkata')).toBe('2026-12-02T13:30:00.000Z');
    expect(at('2026-12-02', 19, 'Asia/Kathmandu')).toBe('2026-12-02T13:15:00.000Z');
    expect(at('2026-12-02', 0, 'Pacific/Kiritimati')).toBe('2026-12-01T10:00:00.000Z');
  });

  it('is the moment clocks jump when they go forward over it', () => {
    // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 02:xx never shows.
    expect(at('2026-03-29', 2, 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', 3, 'Europe/Berlin')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', 1, 'Europe/Berlin')).toBe('2026-03-29T00:00:00.000Z');
  });

  it('is its first coming when clocks go back and the hour comes twice', () => {
    // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:xx shows twice.
    expect(at('2026-10-25', 2, 'Europe/Berlin')).toBe('2026-10-25T00:00:00.000Z');
    expect(at('2026-10-25', 3, 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('the next reminder’s slot', () => {
  const now = new Date('2026-12-02T18:30:00Z');

  it('is today’s hour while it lasts, and tomorrow’s once it has ended', () => {
    expect(nextReminderSlot(now, 'Europe/Paris', 19, null)).toEqual({
      date: '2026-12-02',
      start: new Date('2026-12-02T18:00:00Z'),
      end: new Date('2026-12-02T19:00:00Z'),
    });
    expect(nextReminderSlot(now, 'Europe/Paris', 18, null).date).toBe('2026-12-03');
    expect(nextReminderSlot(new Date('2026-12-02T18:59:59.999Z'), 'Europe/Paris', 19, null).date).toBe(
      '2026-12-02',
    );
    expect(nextReminderSlot(new Date('2026-12-02T19:00:00Z'), 'Europe/Paris', 19, null).date).toBe(
      '2026-12-03',
    );
  });

  it('is after the date of the last reminder sent', () => {
    expect(nextReminderSlot(now, 'Europe/Paris', 19, '2026-12-02' as IsoDate).date).toBe('2026-12-03');
    expect(nextReminderSlot(now, 'Europe/Paris', 20, '2026-12-01' as IsoDate).date).toBe('2026-12-02');
  });

  it('ends its date at local midnight', () => {
    expect(localDateEnd('2026-12-02' as IsoDate, 'Europe/Paris').toISOString()).toBe(
      '2026-12-02T23:00:00.000Z',
    );
  });
});
