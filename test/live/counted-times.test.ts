import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CountedTimes } from '../../src/live/counted-times.js';

/** Times 150 ms apart over the first three seconds. */
const steps = fc.integer({ min: 0, max: 20 }).map((i) => i * 150);

describe('the counted-times tree of a live board', () => {
  it('puts 999 ms in second 0, 1,000 ms and 1,999 ms in second 1, and 2,000 ms in second 2', () => {
    const times = new CountedTimes(8);
    expect([999, 1000, 1999, 2000].map((ms) => times.bucketOf(ms))).toEqual([0, 1, 1, 2]);
  });

  it('counts a time at or past its last second in the last one', () => {
    const times = new CountedTimes(8);
    expect([6999, 7000, 7001, 1_000_000].map((ms) => times.bucketOf(ms))).toEqual([6, 7, 7, 7]);
  });

  it('counts the solves in the seconds before a second, and none in it', () => {
    const times = new CountedTimes(8);
    for (const ms of [500, 1500, 1500, 2500]) times.add(ms);
    expect([0, 1, 2, 3, 8].map((b) => times.before(b))).toEqual([0, 1, 3, 4, 4]);
  });

  it('counts the solves faster than a time exactly, those earlier in its own second included', () => {
    const times = new CountedTimes(8);
    for (const ms of [500, 1200, 1500, 1500, 1800, 2500]) times.add(ms);
    expect([0, 1200, 1201, 1500, 1501, 2000, 2500].map((ms) => times.below(ms))).toEqual([
      0, 1, 2, 2, 4, 5, 5,
    ]);
  });

  it("keeps each second's exact times in ascending order, whatever order they came in", () => {
    const times = new CountedTimes(8);
    for (const ms of [1800, 1200, 1500, 2500, 1500]) times.add(ms);
    expect(times.timesIn(1)).toEqual([1200, 1500, 1500, 1800]);
  });

  it('agrees with a count over the list of times, for any times and any query', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9_999 })),
        fc.integer({ min: 0, max: 10_000 }),
        (list, ms) => {
          const times = new CountedTimes(8);
          for (const t of list) times.add(t);
          expect(times.below(ms)).toBe(list.filter((t) => t < ms).length);
        },
      ),
    );
  });

  it('counts ahead of a solve those faster and those as fast that arrived before it, whatever the order of adding', () => {
    const times = new CountedTimes(8);
    for (const [ms, arrival] of [
      [1500, 7],
      [1500, 3],
      [1200, 9],
      [1500, 5],
      [2500, 1],
    ] as const)
      times.add(ms, arrival);
    expect([3, 5, 6, 7, 8].map((arrival) => times.aheadOf(1500, arrival))).toEqual([1, 2, 3, 3, 4]);
  });

  it('agrees with counting (time, arrival) pairs, for any solves and any query', () => {
    fc.assert(
      fc.property(
        // Few distinct times, so that ties are common.
        fc.uniqueArray(fc.tuple(steps, fc.nat(50)), { selector: ([, arrival]) => arrival }),
        steps,
        fc.nat(51),
        (list, ms, arrival) => {
          const times = new CountedTimes(8);
          for (const [t, a] of list) times.add(t, a);
          const ahead = list.filter(([t, a]) => t < ms || (t === ms && a < arrival)).length;
          expect(times.aheadOf(ms, arrival)).toBe(ahead);
        },
      ),
    );
  });

  it('finds the second of the k-th solve for k = 1, the last, and nothing at 0 or one past the last', () => {
    const times = new CountedTimes(8);
    for (const ms of [500, 1500, 1500, 2500]) times.add(ms);
    expect(times.find(1)).toEqual({ bucket: 0, before: 0 });
    expect(times.find(3)).toEqual({ bucket: 1, before: 1 });
    expect(times.find(4)).toEqual({ bucket: 2, before: 3 });
    expect(times.find(0)).toBeUndefined();
    expect(times.find(5)).toBeUndefined();
  });

  it('agrees with counting a sorted list, for any times and any k', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(20_000), { minLength: 1, maxLength: 200 }), fc.nat(), (list, pick) => {
        const times = new CountedTimes(16);
        for (const ms of list) times.add(ms);
        const buckets = list.map((ms) => times.bucketOf(ms)).sort((a, b) => a - b);
        const k = (pick % list.length) + 1;
        const bucket = buckets[k - 1] ?? -1;
        expect(times.find(k)).toEqual({ bucket, before: buckets.filter((b) => b < bucket).length });
        for (let b = 0; b <= 16; b++) expect(times.before(b)).toBe(buckets.filter((x) => x < b).length);
      }),
    );
  });
});
