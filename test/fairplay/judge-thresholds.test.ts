import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../src/fairplay/evidence.js';
import {
  BURST_TIME_SHARE,
  judge,
  MAX_FAST_GAPS,
  MIN_ENTRIES_FOR_BURST,
  MIN_GAP_SPREAD,
} from '../../src/fairplay/verdict.js';

/** A clean solve's figures: 60 entries over five minutes, well spread, far above its floor of 30 s. */
const clean: Evidence = {
  entries: 60,
  firstMs: 1_000,
  lastMs: 299_500,
  serverMs: 300_000,
  countedMs: 300_000,
  fastGaps: 0,
  burstMs: 200_000,
  gapSpread: 10,
  floorMs: 30_000,
  eliteMs: 90_000,
};
const flagged = (...reasons: string[]) => ({ verdict: 'flagged', reasons });

describe('the log verdict’s thresholds', () => {
  it('flags a counted time 1 ms under the floor, not one at it or 1 ms over', () => {
    expect(judge({ ...clean, countedMs: 29_999 })).toEqual(flagged('under_floor'));
    expect(judge({ ...clean, countedMs: 30_000 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, countedMs: 30_001 })).toEqual({ verdict: 'clean' });
  });

  it('lets 2 fast gaps through and flags 3', () => {
    expect(MAX_FAST_GAPS).toBe(2);
    expect(judge({ ...clean, fastGaps: 1 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, fastGaps: 2 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, fastGaps: 3 })).toEqual(flagged('fast_entries'));
  });

  it('looks for a burst from 10 entries on: 9 are never one, 10 and 11 are', () => {
    expect(MIN_ENTRIES_FOR_BURST).toBe(10);
    const burst = { ...clean, burstMs: 1_000 };
    expect(judge({ ...burst, entries: 9 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...burst, entries: 10 })).toEqual(flagged('burst'));
    expect(judge({ ...burst, entries: 11 })).toEqual(flagged('burst'));
  });

  it('calls a burst one under 10 % of the counted time: 1 ms under it, not at it or 1 ms over', () => {
    expect(BURST_TIME_SHARE).toBe(0.1);
    // A floor of 100 s allows 80 s for the burst's share of the board: only the time share decides.
    const slowFloor = { ...clean, floorMs: 100_000 };
    expect(judge({ ...slowFloor, burstMs: 29_999 })).toEqual(flagged('burst'));
    expect(judge({ ...slowFloor, burstMs: 30_000 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...slowFloor, burstMs: 30_001 })).toEqual({ verdict: 'clean' });
  });

  it('calls a burst one under 80 % of the floor: 1 ms under it, not at it or 1 ms over', () => {
    // 10 % of five minutes is 30 s, above 80 % of the 30 s floor: only the floor decides.
    expect(judge({ ...clean, burstMs: 23_999 })).toEqual(flagged('burst'));
    expect(judge({ ...clean, burstMs: 24_000 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, burstMs: 24_001 })).toEqual({ verdict: 'clean' });
  });

  it('flags a gap spread just under 2.5, not one of 2.5 or just over, nor an unmeasured one', () => {
    expect(MIN_GAP_SPREAD).toBe(2.5);
    expect(judge({ ...clean, gapSpread: 2.499 })).toEqual(flagged('regular_intervals'));
    expect(judge({ ...clean, gapSpread: 2.5 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, gapSpread: 2.501 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, gapSpread: null })).toEqual({ verdict: 'clean' });
  });

  it('flags a first entry more than 2 s before the session: at −2,001 ms, not at −2,000 or −1,999', () => {
    expect(judge({ ...clean, firstMs: -2_001 })).toEqual(flagged('log_before_session'));
    expect(judge({ ...clean, firstMs: -2_000 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, firstMs: -1_999 })).toEqual({ verdict: 'clean' });
  });

  it('flags a last entry more than 2 s after the submission arrived: 2,001 ms after, not 2,000 or 1,999', () => {
    expect(judge({ ...clean, lastMs: 302_001 })).toEqual(flagged('log_after_submission'));
    expect(judge({ ...clean, lastMs: 302_000 })).toEqual({ verdict: 'clean' });
    expect(judge({ ...clean, lastMs: 301_999 })).toEqual({ verdict: 'clean' });
  });

  it('passes an empty log on its time alone, even when the server saw a span 3 s under zero', () => {
    const empty = { ...clean, entries: 0, firstMs: null, lastMs: null, burstMs: 0, gapSpread: null };
    expect(judge({ ...empty, serverMs: -3_000, countedMs: 40_000 })).toEqual({ verdict: 'clean' });
  });
});
