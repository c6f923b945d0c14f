/**
 * Days of play on the server's clock: what "a history over several days" means for standing. A puzzle date
 * cannot measure it, since three dates are playable at once around 10:00–12:00 UTC (UTC+14 is a day ahead of
 * UTC−12): one visit would count three. A day of play instead begins with a counted solve at least
 * PLAY_DAY_GAP_MS after the first solve of the day of play before it, whatever the puzzles' dates, so three
 * days of play take at least 40 hours of real time. The gap is under 24 hours so that a person who plays in
 * the evening one day and in the afternoon the next still counts two days.
 */

export const PLAY_DAY_GAP_MS = 20 * 3_600_000;

/**
 * The first solves of the days of play after one more counted solve at `at` (ISO times, oldest first):
 * `days` as they are, or with `at` added when it begins a new day. `at` is never earlier than the last day's
 * start for a new solve; an earlier one (a moderator's approval of an old solve) is re-derived by the query
 * instead, so it is left as it is here.
 */
export function playDaysWith(days: readonly string[], at: string): string[] {
  const last = days.at(-1);
  if (last === undefined) return [at];
  return Date.parse(at) - Date.parse(last) >= PLAY_DAY_GAP_MS ? [...days, at] : [...days];
}
