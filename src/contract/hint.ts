import { z } from 'zod';

// The wire form of src/engines/hint.ts (the engines import nothing of the contract, so it is spelt twice;
// test/contract/hint.test.ts holds the two together).

const HintUnitSchema = z.enum(['cell', 'edge', 'tube', 'move']).meta({
  description:
    "What the indices point at: cells (row-major), edges (the loop's solution order), tubes, or moves of the board's list (colour sort's mistakes)",
});

const HintConclusionSchema = z.union([
  z
    .object({ at: z.number().int(), place: z.number().int() })
    .meta({ description: "A cell's value is now known" }),
  z
    .object({ at: z.number().int(), exclude: z.array(z.number().int()) })
    .meta({ description: 'Values the cell can no longer take' }),
  z
    .object({ at: z.number().int(), edge: z.enum(['on', 'off']) })
    .meta({ description: 'An edge is in the loop or not' }),
  z
    .object({ at: z.number().int(), pourTo: z.number().int() })
    .meta({ description: 'Pour from tube `at` onto `to`' }),
]);

export const HintSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('step'),
      technique: z
        .string()
        .meta({ description: "The grader's own name, as in the puzzle's stats once solved" }),
      unit: HintUnitSchema,
      involves: z.array(z.number().int()).meta({ description: 'What the reasoning looks at, ascending' }),
      concludes: z.array(HintConclusionSchema).min(1),
      explanation: z.string(),
    }),
    z.object({
      type: z.literal('mistake'),
      unit: HintUnitSchema,
      at: z.number().int().meta({ description: 'The first wrong entry; its right value is never given' }),
      explanation: z.string(),
    }),
    z.object({ type: z.literal('search'), technique: z.literal('search'), explanation: z.string() }),
    z.object({ type: z.literal('solved'), explanation: z.string() }),
  ])
  .meta({ id: 'Hint' });

/**
 * What a hint request carries beside the player's board: the first hint of a ranked solve makes it practice
 * for good, so the API gives one only to a caller that says the player agreed (`hint_ends_ranking` otherwise).
 */
export const HintConsentShape = {
  acceptPractice: z
    .boolean()
    .optional()
    .meta({
      description:
        'true: the player agrees that this solve becomes practice (no board, rating or streak). Needed for the first ' +
        'hint of a session whose date is still ranked; a practice session (a hint already given, or a date whose ' +
        'ranking has closed) needs nothing',
    }),
};

/** The client's options of a hint: the consent alone. */
export type HintOptions = { acceptPractice?: boolean | undefined };

export const HintAnswerSchema = z
  .object({
    hint: HintSchema,
    hintsUsed: z.number().int().meta({ description: "This session's hints so far, this one included" }),
  })
  .meta({
    id: 'HintAnswer',
    example: {
      hint: {
        type: 'step',
        technique: 'hidden single',
        unit: 'cell',
        involves: [18, 19, 20, 21, 22, 23, 24, 25, 26],
        concludes: [{ at: 22, place: 7 }],
        explanation: 'Row 3 has 7 in only one cell: r3c5.',
      },
      hintsUsed: 1,
    },
  });

export type HintAnswer = z.infer<typeof HintAnswerSchema>;
