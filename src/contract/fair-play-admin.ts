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

export const TopEvidenceSchema = z
  .object({
    puzzleId: z.string(),
    solvers: z.number().int().meta({ description: 'Counted solves on the board (D1)' }),
    rows: z.array(
      z.object({
        rank: z.number().int().meta({ description: 'The exact place on the board' }),
        submissionId: z.number().int(),
        playerId: z.string(),
        displayName: z.string().nullable(),
        countedMs: z.number().int(),
        evidence: z.enum(['long_history', 'approved', 'new']).meta({
          description:
            'What lets the row take a top place: a long clean history, a moderator’s approval of the solve ' +
            'or the player, or neither (a new player)',
        }),
        held: z
          .boolean()
          .meta({ description: 'Held back from the public page for a moderator (evidence `new`)' }),
      }),
    ),
  })
  .meta({ id: 'TopEvidence' });
export type TopEvidence = z.infer<typeof TopEvidenceSchema>;
