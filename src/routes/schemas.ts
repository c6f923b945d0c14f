import { z } from '@hono/zod-openapi';
import { LEVELS } from '../engines/types.js';
import { KINDS } from '../kinds/index.js';

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'invalid_request' }),
      message: z.string().openapi({ example: 'Invalid param: date: must be YYYY-MM-DD' }),
      requestId: z.string().optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi('Error');

export const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .openapi({ param: { name: 'date', in: 'path' }, example: '2026-11-29' });

export const KindParam = z.enum(KINDS).openapi({ param: { name: 'kind', in: 'path' }, example: 'sudoku' });

export const LevelParam = z.enum(LEVELS).openapi({ param: { name: 'level', in: 'path' }, example: 'hard' });

export const PuzzleParams = z.object({ date: DateParam, kind: KindParam, level: LevelParam });

export const DifficultySchema = z
  .object({
    level: z.enum(LEVELS),
    score: z.number(),
    techniques: z.array(z.string()),
    hardest: z.string(),
    nodes: z.number().int(),
  })
  .openapi('Difficulty');

export const PuzzleSchema = z
  .object({
    id: z.string().openapi({ example: '2026-11-29:sudoku:hard' }),
    date: z.string(),
    kind: z.enum(KINDS),
    level: z.enum(LEVELS),
    engineVersion: z.number().int(),
    puzzle: z.unknown().openapi({
      description:
        "The public puzzle in the kind's interchange format (README); colour sort's hidden units are null",
      example: { grid: '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..' },
    }),
    difficulty: DifficultySchema,
    benchmarkSeconds: z.number().openapi({ description: 'Completion time that scores 0.5' }),
    rating: z.number(),
    answersPublicAt: z.string().openapi({ description: 'When the date has ended everywhere (UTC−12)' }),
  })
  .openapi('Puzzle');

export type PuzzleView = z.infer<typeof PuzzleSchema>;

export const PlayablePuzzleSchema = PuzzleSchema.extend({
  session: z
    .object({
      startedAt: z
        .string()
        .openapi({ description: 'When this player first fetched the puzzle (ISO time); it never changes' }),
      elapsedMs: z.number().int().openapi({
        description:
          "How long ago that was, by the server's clock: a client starts its own clock this far back",
      }),
    })
    .optional()
    .openapi({ description: "Present when a player token was sent: the player's session of this puzzle" }),
  startToken: z.string().optional().openapi({
    description: 'Present with a player token: the session signed by the server (optional to send back)',
  }),
}).openapi('PlayablePuzzle');

export const DayPuzzlesSchema = z
  .object({
    date: z.string(),
    timeZone: z.string().optional(),
    puzzles: z.array(PuzzleSchema),
  })
  .openapi('DayPuzzles');

export const AnswerSchema = z
  .object({
    id: z.string(),
    seed: z.string().openapi({ description: 'The engine seed, public once the answers are' }),
    puzzle: z.unknown().openapi({ description: 'The full puzzle, hidden colours included' }),
    solution: z.unknown(),
    meta: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  })
  .openapi('Answer');

export const jsonError = (description: string) => ({
  content: { 'application/json': { schema: ErrorSchema } },
  description,
});
