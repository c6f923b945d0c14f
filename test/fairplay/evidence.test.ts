import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/engines/types.js';
import { BURST_SHARE, evidenceOf, FAST_GAP_MS, MIN_GAPS_FOR_SPREAD } from '../../src/fairplay/evidence.js';

const figures = { serverMs: 400_000, countedMs: 399_000, floorMs: 30_000, eliteMs: 90_000 };
/** A log whose entries come at these times, each on its own cell. */
const at = (times: readonly number[]): LogEntry[] => times.map((t, i) => [t, i, 1]);
/** A log with these gaps after a first entry at 1 s. */
const withGaps = (gaps: readonly number[]): LogEntry[] => {
  let t = 1_000;
  return at([t, ...gaps.map((gap) => (t += gap))]);
};
const of = (log: readonly LogEntry[]) => evidenceOf({ ...figures, log });

describe('the evidence of a log', () => {
  it('keeps the server’s figures and the floor and line it was held to', () => {
    expect(of(at([5_000, 6_000]))).toMatchObject({
      entries: 2,
      firstMs: 5_000,
      lastMs: 6_000,
      serverMs: 400_000,
      countedMs: 399_000,
      floorMs: 30_000,
      eliteMs: 90_000,
    });
  });

  it('has no first or last entry, no fast gap, no burst and no spread for an empty log', () => {
    expect(of([])).toMatchObject({
      entries: 0,
      firstMs: null,
      lastMs: null,
      fastGaps: 0,
      burstMs: 0,
      gapSpread: null,
    });
  });

  it(`counts a gap of ${FAST_GAP_MS - 1} ms as fast, not one of ${FAST_GAP_MS} or ${FAST_GAP_MS + 1} ms`, () => {
    expect(FAST_GAP_MS).toBe(50);
    expect(of(withGaps([49, 1_000, 50, 1_000, 51])).fastGaps).toBe(1);
  });

  it('counts fast gaps on either side of a drag stroke but not inside it', () => {
    const log: LogEntry[] = [
      [1_000, 0, 1],
      [1_010, 5, 1],
      [1_020, 6, 1],
      [1_030, 7, 1],
      [1_040, 20, 1],
    ];
    const evidence = evidenceOf({ ...figures, log, continuesStroke: (a, b) => b[1] === a[1] + 1 });
    expect(evidence.fastGaps).toBe(2);
  });

  it(`measures the gap spread from ${MIN_GAPS_FOR_SPREAD} gaps on, not over ${MIN_GAPS_FOR_SPREAD - 1}`, () => {
    expect(MIN_GAPS_FOR_SPREAD).toBe(20);
    const gaps = Array.from({ length: 21 }, (_, i) => 100 * (i + 1));
    expect(of(withGaps(gaps.slice(0, 19))).gapSpread).toBeNull();
    // 20 gaps 100…2,000 ms: the 10th percentile is the 2nd (200), the 90th the 19th (1,900).
    expect(of(withGaps(gaps.slice(0, 20))).gapSpread).toBe(1_900 / 200);
    // 21 gaps 100…2,100 ms: the 3rd (300) and the 19th (1,900).
    expect(of(withGaps(gaps)).gapSpread).toBe(1_900 / 300);
  });

  it('reads the spread from the sorted gaps, whatever order they came in', () => {
    const gaps = Array.from({ length: 20 }, (_, i) => 100 * (20 - i));
    expect(of(withGaps(gaps)).gapSpread).toBe(1_900 / 200);
  });

  it('leaves a drag stroke’s cells out of the spread', () => {
    const gaps = Array.from({ length: 20 }, (_, i) => 100 * (i + 1));
    const log = withGaps(gaps);
    const last = log.at(-1) as LogEntry;
    const stroke: LogEntry[] = [
      [last[0] + 16, last[1] + 1, 1],
      [last[0] + 32, last[1] + 2, 1],
    ];
    const evidence = evidenceOf({
      ...figures,
      log: [...log, ...stroke],
      continuesStroke: (a, b) => b[0] - a[0] === 16 && b[1] === a[1] + 1,
    });
    expect(evidence.gapSpread).toBe(1_900 / 200);
  });

  it('calls the spread infinite when its 10th percentile gap is zero, even when every gap is', () => {
    expect(
      of(withGaps([...Array.from({ length: 3 }, () => 0), ...Array.from({ length: 17 }, () => 500)]))
        .gapSpread,
    ).toBe(Number.POSITIVE_INFINITY);
    expect(of(withGaps(Array.from({ length: 20 }, () => 0))).gapSpread).toBe(Number.POSITIVE_INFINITY);
  });

  it(`measures the burst as the shortest span holding ${BURST_SHARE * 100} % of the entries`, () => {
    expect(BURST_SHARE).toBe(0.8);
    // 10 entries: the burst holds 8 of them, the tightest 8 being the last 8 (1,000 ms apart in total).
    const times = [0, 50_000, 100_000, 100_100, 100_200, 100_300, 100_400, 100_500, 100_600, 101_000];
    expect(of(at(times)).burstMs).toBe(101_000 - 100_000);
    // The same with the tight run at the start.
    expect(of(at([0, 100, 200, 300, 400, 500, 600, 1_000, 50_000, 100_000])).burstMs).toBe(1_000);
  });

  it('rounds the burst’s share of the entries up: 11 entries need 9 of them', () => {
    const times = [0, 1, 2, 3, 4, 5, 6, 7, 1_000, 2_000, 3_000];
    // ⌈0.8 × 11⌉ = 9: the tightest nine span 0…1,000.
    expect(of(at(times)).burstMs).toBe(1_000);
  });

  it('has no burst for a single entry, and the span of both for two', () => {
    expect(of(at([5_000])).burstMs).toBe(0);
    expect(of(at([5_000, 7_500])).burstMs).toBe(2_500);
  });
});
