import { describe, expect, it } from 'vitest';
import { judgeDate } from '../../src/daily/window.js';

const FIRST_DAY = '2026-01-10';
// 2026-01-12 begins in UTC+14 at 2026-01-11T10:00:00Z.
const OPENS = Date.parse('2026-01-11T10:00:00Z');
const now = new Date('2026-06-01T00:00:00Z');

describe('which dates can be played', () => {
  it('refuses a string that is not a calendar date as malformed', () => {
    expect(judgeDate('2026-02-30', FIRST_DAY, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses the day before the archive begins', () => {
    expect(judgeDate('2026-01-09', FIRST_DAY, now)).toEqual({ ok: false, reason: 'before_archive' });
  });

  it('accepts the archive’s first day', () => {
    expect(judgeDate(FIRST_DAY, FIRST_DAY, now)).toEqual({ ok: true, date: FIRST_DAY });
  });

  it('accepts the day after the archive’s first day', () => {
    expect(judgeDate('2026-01-11', FIRST_DAY, now)).toEqual({ ok: true, date: '2026-01-11' });
  });

  it('refuses a date one millisecond before it begins in UTC+14', () => {
    expect(judgeDate('2026-01-12', FIRST_DAY, new Date(OPENS - 1))).toEqual({
      ok: false,
      reason: 'not_yet_playable',
    });
  });

  it('accepts a date at the millisecond it begins in UTC+14', () => {
    expect(judgeDate('2026-01-12', FIRST_DAY, new Date(OPENS))).toEqual({ ok: true, date: '2026-01-12' });
  });

  it('accepts a date one millisecond after it begins in UTC+14', () => {
    expect(judgeDate('2026-01-12', FIRST_DAY, new Date(OPENS + 1))).toEqual({ ok: true, date: '2026-01-12' });
  });
});
