import { z } from 'zod';
import { KIND_SHAPES, KINDS, type Kind, LEVELS } from './kinds/index.js';

export const DifficultySchema = z
  .object({
    level: z.enum(LEVELS),
    score: z.number(),
    techniques: z.array(z.string()),
    hardest: z.string(),
    nodes: z.number().int(),
  })
  .meta({ id: 'Difficulty' });

/** A puzzle of one kind as players see it: never its answer, its seed or a hidden colour. */
function puzzleOfKind<K extends Kind>(kind: K) {
  const { name } = KIND_SHAPES[kind];
  // Annotated, so that each variant's type keeps its own kind's puzzle rather than any kind's.
  const publicPuzzle: (typeof KIND_SHAPES)[K]['publicPuzzle'] = KIND_SHAPES[kind].publicPuzzle;
  return z
    .object({
      id: z.string().meta({ example: `2026-11-29:${kind}:easy` }),
      date: z.string().meta({ example: '2026-11-29' }),
      kind: z.literal(kind),
      level: z.enum(LEVELS),
      engineVersion: z.number().int(),
      puzzle: publicPuzzle,
      difficulty: DifficultySchema,
      benchmarkSeconds: z.number().meta({ description: 'Completion time that scores 0.5' }),
      rating: z.number().int(),
      answersPublicAt: z.string().meta({ description: 'When the date has ended everywhere (UTC−12)' }),
    })
    .meta({ id: `${name}Puzzle` });
}

type PuzzleOfKind = { [K in Kind]: ReturnType<typeof puzzleOfKind<K>> }[Kind];

export const PuzzleSchema = z
  .discriminatedUnion('kind', KINDS.map(puzzleOfKind) as [PuzzleOfKind, ...PuzzleOfKind[]])
  .meta({ id: 'Puzzle', description: "One of the kinds: `puzzle` is in that kind's public format" });

export type Puzzle = z.infer<typeof PuzzleSchema>;

export const SessionSchema = z
  .object({
    startedAt: z
      .string()
      .meta({ description: 'When this player first fetched the puzzle (ISO time); it never changes' }),
    elapsedMs: z.number().int().meta({
      description:
        "How long ago that was, by the server's clock: a client starts its own clock this far back",
    }),
  })
  .meta({ description: "The player's session of this puzzle: its ranked clock" });

export const PlayablePuzzleSchema = z
  .intersection(
    PuzzleSchema,
    z.object({
      session: SessionSchema.optional().meta({ description: 'Present when a player token was sent' }),
      startToken: z.string().optional().meta({
        description: 'Present with a player token: the session signed by the server (optional to send back)',
      }),
    }),
  )
  .meta({ id: 'PlayablePuzzle' });

export type PlayablePuzzle = z.infer<typeof PlayablePuzzleSchema>;

export const DayPuzzlesSchema = z
  .object({
    date: z.string().meta({ example: '2026-11-29' }),
    timeZone: z.string().optional().meta({ example: 'Europe/Paris' }),
    puzzles: z.array(PuzzleSchema),
  })
  .meta({ id: 'DayPuzzles' });

export type DayPuzzles = z.infer<typeof DayPuzzlesSchema>;

export const AnswerSchema = z
  .object({
    id: z.string().meta({ example: '2026-11-29:sudoku:easy' }),
    seed: z.string().meta({ description: 'The engine seed, public once the answers are' }),
    puzzle: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The full puzzle in the engine’s format, hidden colours included' }),
    solution: z
      .union(KINDS.map((kind) => KIND_SHAPES[kind].solution))
      .meta({ description: 'The stored solution, in the format a submission uses' }),
    meta: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  })
  .meta({ id: 'Answer' });

export type Answer = z.infer<typeof AnswerSchema>;
