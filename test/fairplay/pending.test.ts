import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../src/fairplay/evidence.js';
import { verdictOf } from '../../src/fairplay/verdict.js';

/** A clean log 1 ms under its elite line of 90 s (floor 30 s). */
const fast: Evidence = {
  entries: 60,
  firstMs: 1_000,
  lastMs: 89_000,
  serverMs: 89_999,
  countedMs: 89_999,
  fastGaps: 0,
  burstMs: 60_000,
  gapSpread: 10,
  floorMs: 30_000,
  eliteMs: 90_000,
};
const carried = { historyCarries: true, suspect: false };
const unproven = { historyCarries: false, suspect: false };

describe('a solve under the elite line', () => {
  it('waits as pace_unproven 1 ms under the line when the history does not carry it', () => {
    expect(verdictOf(fast, unproven)).toEqual({ verdict: 'pending', reasons: ['pace_unproven'] });
  });

  it('is clean at the line itself and 1 ms over it, whatever the history', () => {
    expect(verdictOf({ ...fast, countedMs: 90_000 }, unproven)).toEqual({ verdict: 'clean' });
    expect(verdictOf({ ...fast, countedMs: 90_001 }, { historyCarries: false, suspect: true })).toEqual({
      verdict: 'clean',
    });
  });

  it('is clean when the history carries it and the player is no suspect', () => {
    expect(verdictOf(fast, carried)).toEqual({ verdict: 'clean' });
  });

  it('waits as suspect_player for a suspect whose history carries it', () => {
    expect(verdictOf(fast, { historyCarries: true, suspect: true })).toEqual({
      verdict: 'pending',
      reasons: ['suspect_player'],
    });
  });

  it('names both reasons for a suspect whose history does not carry it', () => {
    expect(verdictOf(fast, { historyCarries: false, suspect: true })).toEqual({
      verdict: 'pending',
      reasons: ['pace_unproven', 'suspect_player'],
    });
  });

  it('stays flagged, not pending, when the log says no as well', () => {
    expect(verdictOf({ ...fast, fastGaps: 3 }, unproven)).toEqual({
      verdict: 'flagged',
      reasons: ['fast_entries'],
    });
  });

  it('is flagged for a reveal mismatch however well its history carries it', () => {
    expect(verdictOf(fast, carried, false)).toEqual({ verdict: 'flagged', reasons: ['reveal_mismatch'] });
    expect(verdictOf(fast, carried, true)).toEqual({ verdict: 'clean' });
  });
});
