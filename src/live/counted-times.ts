/**
 * How many counted solves a live board holds in each whole second of counted time, as a Fenwick tree: adding
 * or removing a solve and counting those below a second both take O(log n), so a rank costs the same on the
 * first solve of a day as on the 100,000th. Each second also keeps its solves' exact times, sorted, with
 * their arrival numbers (ties go by arrival), so a rank is counted from memory without a query. Pure.
 */
export class CountedTimes {
  private readonly tree: Int32Array;
  private count = 0;
  /** Each second's exact counted times, ascending (a second holds few: a binary search and a splice). */
  private readonly exact = new Map<number, number[]>();
  /** Each second's arrival numbers, beside its exact times: equal times in arrival order. */
  private readonly arrivals = new Map<number, number[]>();

  /** `seconds` buckets; a time at or past the last one is counted in it (its solves are still exact in SQL). */
  constructor(readonly seconds = 1 << 17) {
    this.tree = new Int32Array(seconds + 1);
  }

  /** The bucket (whole second, clamped to the last) a counted time falls in. */
  bucketOf(countedMs: number): number {
    return Math.min(this.seconds - 1, Math.max(0, Math.floor(countedMs / 1000)));
  }

  /** The first millisecond of a bucket. */
  bucketStartMs(bucket: number): number {
    return bucket * 1000;
  }

  get total(): number {
    return this.count;
  }

  clear(): void {
    this.tree.fill(0);
    this.count = 0;
    this.exact.clear();
    this.arrivals.clear();
  }

  /** Adds a solve counted at `countedMs` that arrived `arrival`-th (0 where arrival does not matter). */
  add(countedMs: number, arrival = 0): void {
    const bucket = this.bucketOf(countedMs);
    const times = this.exact.get(bucket) ?? [];
    const arrivals = this.arrivals.get(bucket) ?? [];
    let at = firstAtOrAbove(times, countedMs);
    while (times[at] === countedMs && (arrivals[at] ?? 0) <= arrival) at++;
    times.splice(at, 0, countedMs);
    arrivals.splice(at, 0, arrival);
    this.exact.set(bucket, times);
    this.arrivals.set(bucket, arrivals);
    this.move(bucket, 1);
  }

  /** Solves faster than `countedMs`: the seconds before its own, then the exact times in it. */
  below(countedMs: number): number {
    const bucket = this.bucketOf(countedMs);
    return this.before(bucket) + firstAtOrAbove(this.exact.get(bucket) ?? [], countedMs);
  }

  /** Solves ahead of one counted at `countedMs` that arrived `arrival`-th: faster, or as fast and earlier. */
  aheadOf(countedMs: number, arrival: number): number {
    const bucket = this.bucketOf(countedMs);
    const times = this.exact.get(bucket) ?? [];
    const arrivals = this.arrivals.get(bucket) ?? [];
    let at = firstAtOrAbove(times, countedMs);
    while (times[at] === countedMs && (arrivals[at] ?? 0) < arrival) at++;
    return this.before(bucket) + at;
  }

  /** A bucket's exact counted times, ascending. */
  timesIn(bucket: number): readonly number[] {
    return this.exact.get(bucket) ?? [];
  }

  private move(bucket: number, delta: number): void {
    this.count += delta;
    for (let i = bucket + 1; i <= this.seconds; i += i & -i) {
      this.tree[i] = (this.tree[i] ?? 0) + delta;
    }
  }

  /** Solves in the buckets before `bucket`. */
  before(bucket: number): number {
    let n = 0;
    for (let i = Math.min(bucket, this.seconds); i > 0; i -= i & -i) n += this.tree[i] ?? 0;
    return n;
  }

  /**
   * The bucket holding the k-th solve (1-based) in time order and how many solves lie in the buckets before
   * it; undefined when there are fewer than k.
   */
  find(k: number): { bucket: number; before: number } | undefined {
    if (k < 1 || k > this.count) return undefined;
    let position = 0;
    let remaining = k;
    for (let step = 1 << Math.floor(Math.log2(this.seconds)); step > 0; step >>= 1) {
      const next = position + step;
      const here = this.tree[next] ?? 0;
      if (next <= this.seconds && here < remaining) {
        position = next;
        remaining -= here;
      }
    }
    return { bucket: position, before: k - remaining };
  }
}

/** The index of the first time at or above `ms` in ascending `times`. */
function firstAtOrAbove(times: readonly number[], ms: number): number {
  let low = 0;
  for (let high = times.length; low < high; ) {
    const middle = (low + high) >> 1;
    if ((times[middle] ?? 0) < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}
