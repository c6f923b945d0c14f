/**
 * A long clean history: what a board's top rows and the learnt lines ask of a player. Accounts cost
 * nothing and a script can be patient for days, so the evidence that a pace is a person's is weeks of
 * play: Lichess lists on its leaderboards only players with a long, recent, settled history, and
 * speedrunning boards have a person verify every top run. An account passes with LONG_HISTORY_DAYS days of
 * play (distinct UTC dates of counted solves on the server's clock), the first of them at least one day less
 * than that ago: twenty days of play take at least nineteen days, however the visits fall around midnight,
 * and every honest player who has played twenty days passes. A ring must age each account that long. A
 * moderator's approval of the player, or of the solve, stands in for it.
 *
 * A young site must not show empty tops: the bar scales with the deployment's age counted from FIRST_DAY,
 * half the days since then, up to the full bar (a site ten days old asks for five days of play over five
 * days).
 */

const DAY_MS = 86_400_000;

/** Days of play that make a long history, the first of them at least this many days less one ago. */
export const LONG_HISTORY_DAYS = 20;
/** The rows of a global board that only players with the evidence may take. */
export const TOP_ROWS = 10;

/** The bar on `now`: days of play, and the latest first counted solve (ISO) that is long enough ago. */
export interface HistoryBar {
  days: number;
  firstSolveBy: string;
}

/** `firstDay`: the deployment's FIRST_DAY (YYYY-MM-DD). */
export function longHistoryBar(firstDay: string, now: Date): HistoryBar {
  const age = Math.floor((now.getTime() - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS);
  const days = Math.min(LONG_HISTORY_DAYS, Math.max(0, Math.floor(age / 2)));
  return {
    days,
    firstSolveBy: new Date(now.getTime() - Math.max(0, days - 1) * DAY_MS).toISOString(),
  };
}
