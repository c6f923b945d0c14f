import { z } from '@hono/zod-openapi';
import type { Streaks } from '../rating/streak.js';

/** A player's streak as the API shows it, with what a submission did to it. */
export const StreakSchema = z
  .object({
    current: z.number().int(),
    best: z.number().int(),
    freezes: z
      .number()
      .int()
      .openapi({ description: 'Streak freezes held: one is earned every 7 days of a run (at most 2)' }),
    change: z
      .enum(['started', 'extended', 'frozen', 'reset'])
      .nullable()
      .openapi({
        description:
          'What this solve did to the streak: began it, extended it, extended it over missed dates by spending ' +
          'freezes, or began it anew after a gap the freezes could not cover; null when it changed nothing',
      }),
  })
  .openapi('Streak');

export type StreakView = z.infer<typeof StreakSchema>;

/** The streak as shown; `changed` when the solve just made added a date to it. */
export function streakView(streaks: Streaks, changed = false): StreakView {
  return {
    current: streaks.current,
    best: streaks.best,
    freezes: streaks.freezes,
    change: changed ? streaks.latest : null,
  };
}
