import { z } from 'zod';

/** A colour-sort position after a list of moves, with only the colours those moves exposed. */
export const ColorSortPositionSchema = z
  .object({
    capacity: z.number().int(),
    tubes: z
      .array(z.array(z.number().int().nullable()))
      .meta({ description: 'Bottom to top; null marks a unit that has never been on top of its tube' }),
    moves: z.number().int(),
    hidden: z.number().int().meta({ description: 'Units still hidden' }),
    sorted: z.boolean(),
    cleared: z
      .boolean()
      .meta({ description: 'Sorted and nothing hidden: a submission of these moves is valid' }),
  })
  .meta({ id: 'ColorSortPosition' });

export type ColorSortPosition = z.infer<typeof ColorSortPositionSchema>;
