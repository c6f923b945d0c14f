import type { Streak } from '../contract/streak.js';
import type { Streaks } from '../rating/streak.js';

/** The streak as shown; `changed` when the solve just made added a date to it. */
export function streakView(streaks: Streaks, changed = false): Streak {
  return {
    current: streaks.current,
    best: streaks.best,
    freezes: streaks.freezes,
    change: changed ? streaks.latest : null,
  };
}
