/**
 * The busiest minute of a board's new ranked solves, counted by the UTC minute of their judging time, kept
 * until a flush writes it to the puzzle's row (`peak_solves_per_minute`), from which the next puzzles of its
 * kind and level are sized (src/daily/board-shards.ts). In memory only: a board that restarts counts its
 * minute in progress again from zero, so a peak may come out low, never high.
 */
export class MinutePeak {
  /** Solves per minute (`YYYY-MM-DDTHH:MM`) of the last few minutes: answers do not arrive in order. */
  private readonly counts = new Map<string, number>();
  private best = 0;
  private written = 0;

  /** Counts one solve judged at `at` (an ISO time). */
  add(at: string): void {
    const minute = at.slice(0, 16);
    const count = (this.counts.get(minute) ?? 0) + 1;
    this.counts.set(minute, count);
    if (count > this.best) this.best = count;
    if (this.counts.size > KEPT_MINUTES) this.counts.delete(minOf(this.counts.keys()));
  }

  /** The busiest minute so far when no write has recorded it yet, else null. */
  unwritten(): number | null {
    return this.best > this.written ? this.best : null;
  }

  /** `peak` is on the puzzle's row now. */
  wrote(peak: number): void {
    this.written = Math.max(this.written, peak);
  }
}

/** Minutes kept open for late answers: a solve judged in one minute may reach its board in the next. */
const KEPT_MINUTES = 3;

function minOf(keys: Iterable<string>): string {
  let least: string | undefined;
  for (const key of keys) if (least === undefined || key < least) least = key;
  return least ?? '';
}
