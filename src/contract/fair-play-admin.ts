import { z } from 'zod';
import { KINDS } from './kinds/index.js';

const Ratio = z.number().positive().max(10);

export const SetLinesBodySchema = z.strictObject({
  floorRatio: Ratio.nullable().meta({
    description: 'The human floor as a multiple of the benchmark; null leaves the cold and learnt floor',
  }),
  eliteRatio: Ratio.nullable().meta({
    description: 'The elite line as a multiple of the benchmark; null leaves the cold and learnt line',
  }),
});

export const LinesSchema = z
  .object({
    kind: z.enum(KINDS),
    level: z.string(),
    floorRatio: z.number().nullable().meta({ description: 'Learnt (never below the cold floor)' }),
    eliteRatio: z.number().nullable().meta({ description: 'Learnt (never below the cold line)' }),
    floorRatioSet: z.number().nullable().meta({ description: "A moderator's floor, replacing the others" }),
    eliteRatioSet: z.number().nullable().meta({ description: "A moderator's line, replacing the others" }),
    recordRatio: z.number().nullable().meta({
      description: 'The fastest pace a moderator vouched for; the learnt floor stays under 90 % of it',
    }),
  })
  .meta({ id: 'Lines' });
export type LinesView = z.infer<typeof LinesSchema>;

export const VouchedSchema = z.object({ playerId: z.string(), approvedAt: z.string() });
export type Vouched = z.infer<typeof VouchedSchema>;

export const HeldTopSchema = z
  .object({
    rows: z.array(
      z.object({
        puzzleId: z.string(),
        rank: z.number().int().meta({ description: 'The exact place the row holds on the board' }),
        submissionId: z.number().int(),
        playerId: z.string(),
        displayName: z.string().nullable(),
        countedMs: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'HeldTopRows' });
export type HeldTop = z.infer<typeof HeldTopSchema>;
