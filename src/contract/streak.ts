import { z } from 'zod';

/** A player's streak as the API shows it, with what a submission did to it. */
export const StreakSchema = z
  .object({
    current: z.number().int(),
    best: z.number().int(),
    freezes: z
      .number()
      .int()
      .meta({ description: 'Streak freezes held: one is earned every 7 days of a run (at most 2)' }),
    change: z
      .enum(['started', 'extended', 'frozen', 'reset'])
      .nullable()
      .meta({
        description:
          'What this solve did to the streak: began it, extended it, extended it over missed dates by spending ' +
          'freezes, or began it anew after a gap the freezes could not cover; null when it changed nothing',
      }),
  })
  .meta({ id: 'Streak' });

export type Streak = z.infer<typeof StreakSchema>;
