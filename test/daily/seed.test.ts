import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../../src/daily/calendar.js';
import { dailySeed } from '../../src/daily/seed.js';

const date = '2026-03-14' as IsoDate;

describe('daily seeds', () => {
  it('are the HMAC-SHA256 of the purpose, the date, the kind and the level under the salt, in base64url', async () => {
    const expected = createHmac('sha256', 'the salt')
      .update('daily-seed\n2026-03-14:sudoku:hard')
      .digest('base64url');
    expect(await dailySeed('the salt', date, 'sudoku', 'hard')).toBe(expected);
  });

  it('fit the engines’ seed limit with 43 characters', async () => {
    expect(await dailySeed('the salt', date, 'loop', 'easy')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
