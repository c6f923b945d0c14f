import { z } from 'zod';

/** How hard a puzzle felt against its level's label. */
export const FELTS = ['easier', 'right', 'harder'] as const;
export type Felt = (typeof FELTS)[number];

/** What a report says is wrong with a puzzle. */
export const REPORT_REASONS = ['broken', 'wrong_level', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A puzzle's votes are shown from this many voters on, so that no single vote can be told apart. */
export const VOTES_SHOWN_FROM = 5;

/** At most this many characters of a report's note. */
export const REPORT_NOTE_MAX = 500;

export const VoteRequestSchema = z
  .strictObject({
    fun: z.int().min(1).max(5).meta({ description: 'How much fun the puzzle was, 1 (none) to 5 (great)' }),
    felt: z.enum(FELTS).meta({ description: 'How hard it felt for its level' }),
  })
  .meta({ id: 'VoteRequest', example: { fun: 4, felt: 'right' } });

export type VoteRequest = z.infer<typeof VoteRequestSchema>;

export const VoteSchema = z
  .object({
    puzzleId: z.string(),
    fun: z.int(),
    felt: z.enum(FELTS),
    votedAt: z.string().meta({ description: 'When the vote was cast or last changed' }),
  })
  .meta({ id: 'Vote' });

export type Vote = z.infer<typeof VoteSchema>;

const TallySchema = z.object({
  voters: z.int(),
  fun: z.array(z.int()).length(5).meta({ description: 'Votes for each fun value: fun[0] counts the 1s' }),
  felt: z.object({ easier: z.int(), right: z.int(), harder: z.int() }),
});

export const PuzzleVotesSchema = TallySchema.meta({
  id: 'PuzzleVotes',
  description:
    `The players’ votes on a puzzle (PUT …/vote), shown from ${VOTES_SHOWN_FROM} voters on, so that no ` +
    'single vote can be told apart (null below that)',
});

export type PuzzleVotes = z.infer<typeof PuzzleVotesSchema>;

/** Printable text without control characters, so a note reads the same in every moderator's tool. */
const NoteSchema = z
  .string()
  .trim()
  .min(1)
  .max(REPORT_NOTE_MAX)
  .refine((text) => !/\p{Cc}/u.test(text.replace(/[\n\t]/g, ' ')), {
    message: 'A note has no control characters other than new lines and tabs',
  });

export const ReportRequestSchema = z
  .strictObject({
    reason: z.enum(REPORT_REASONS).meta({
      description: '`broken`: no solution, several, or a rule not kept; `wrong_level`: far too easy or hard',
    }),
    note: NoteSchema.optional().meta({
      description: `What the player saw, up to ${REPORT_NOTE_MAX} characters`,
    }),
  })
  .meta({ id: 'ReportRequest', example: { reason: 'wrong_level', note: 'Solved it with singles only' } });

export type ReportRequest = z.infer<typeof ReportRequestSchema>;

export const ReportSchema = z
  .object({
    id: z.int(),
    puzzleId: z.string(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
    reportedAt: z.string(),
  })
  .meta({
    id: 'Report',
    description: "A player's report of a puzzle; a second report of it replaces the first",
  });

export type Report = z.infer<typeof ReportSchema>;

export const ReportsPageSchema = z
  .object({
    reports: z.array(ReportSchema.extend({ playerId: z.string() })),
    nextCursor: z.string().nullable().meta({ description: 'Null on the last page' }),
  })
  .meta({ id: 'Reports' });

export type ReportsPage = z.infer<typeof ReportsPageSchema>;

export const LevelFeedbackSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    levels: z.array(
      z.object({
        kind: z.string(),
        level: z.string(),
        benchmark: z.object({
          seconds: z.number(),
          unit: z
            .enum(['puzzle', 'move'])
            .meta({ description: 'move: seconds per move of the shortest solution' }),
        }),
        puzzles: z.int().meta({ description: 'Puzzles of the level made for dates in the window' }),
        hardest: z
          .record(z.string(), z.int())
          .meta({ description: 'How many of them needed each technique as their hardest, by the grader' }),
        votes: TallySchema.meta({ description: 'Every vote on them, whatever the count' }),
        reports: z.object({ broken: z.int(), wrong_level: z.int(), other: z.int() }).meta({
          description: 'Open reports of them, by reason',
        }),
      }),
    ),
  })
  .meta({
    id: 'LevelFeedback',
    description:
      "Each level's felt difficulty beside what the grader found and its benchmark: a level that players " +
      'mostly find `easier` or `harder`, with reports of `wrong_level`, is mislabelled',
  });

export type LevelFeedback = z.infer<typeof LevelFeedbackSchema>;

/** One puzzle's feedback as a moderator sees it: every vote counted (no threshold) and every report. */
export const PuzzleFeedbackSchema = z
  .object({
    puzzleId: z.string(),
    votes: TallySchema,
    reports: z.array(
      ReportSchema.extend({
        playerId: z.string(),
        resolvedAt: z
          .string()
          .nullable()
          .meta({ description: 'When a moderator closed it; null while open' }),
      }),
    ),
  })
  .meta({ id: 'PuzzleFeedback' });

export type PuzzleFeedback = z.infer<typeof PuzzleFeedbackSchema>;
