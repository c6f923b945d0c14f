import { z } from 'zod';
import { KIND_SHAPES, KINDS } from './kinds/index.js';
import { StreakSchema } from './streak.js';

/** Enough for a 25×25 nonogram solved with many corrections; the body limit of submissions is sized for it. */
export const MAX_LOG_ENTRIES = 3000;
/** A week: longer claims are nonsense for a daily puzzle (and the server's clock caps them anyway). */
const MAX_ELAPSED_MS = 7 * 24 * 3_600_000;

/** Any kind's log entry; the server then checks the entries against the kind in the URL. */
export const LogEntrySchema = z.tuple([z.number().int(), z.number().int(), z.number().int()]).meta({
  id: 'LogEntry',
  description:
    "`[t, a, b]`: whole milliseconds since the session started, then two numbers of the kind's format. " +
    'An entry before the session (t < 0) is accepted as evidence and judged: a log that begins before its ' +
    "session was not a person's play",
  minItems: 3,
  maxItems: 3,
  example: [5200, 0, 7],
});

/**
 * A submission. `solution` is any kind's shape here: the server checks it against the kind in the URL
 * (a body of the wrong shape is a 400 and changes nothing, a well-formed wrong answer is an attempt).
 */
export const SubmissionRequestSchema = z
  .strictObject({
    solution: z.union(KINDS.map((kind) => KIND_SHAPES[kind].solution)).meta({
      description: 'The solution in the format of the kind in the URL (one of these schemas)',
    }),
    log: z
      .array(LogEntrySchema)
      .max(MAX_LOG_ENTRIES, `a log holds at most ${MAX_LOG_ENTRIES} entries`)
      .superRefine((log, ctx) => {
        for (let i = 1; i < log.length; i++) {
          if ((log[i]?.[0] ?? 0) < (log[i - 1]?.[0] ?? 0)) {
            ctx.addIssue({ code: 'custom', path: [i, 0], message: 'times must not decrease' });
            return;
          }
        }
      })
      .meta({
        description:
          'Every move the player made, in order: `[t, a, b]` with `t` the whole milliseconds since the ' +
          "session's `startedAt`, non-decreasing; what `a` and `b` mean is the kind's (GET /v1/kinds). " +
          'Replayed from the start position, the log must end on the submitted solution.',
      }),
    elapsedMs: z.number().int().min(0).max(MAX_ELAPSED_MS).optional().meta({
      description: "The client's own measure; it may lower the server's time by at most 2 s",
    }),
    startToken: z.string().min(1).max(512).optional().meta({
      description: "The puzzle fetch's start token; optional, but when sent it must be this player's",
    }),
  })
  .meta({
    id: 'SubmissionRequest',
    example: {
      solution: { grid: '732591468968243715415678239873924156541386927296715384389462571127859643654137892' },
      log: [
        [5200, 0, 7],
        [7900, 1, 3],
      ],
      elapsedMs: 312_000,
    },
  });

export type SubmissionRequest = z.infer<typeof SubmissionRequestSchema>;

/** One move of a submission's log, `[t, a, b]`: a page builds its log from these. */
export type LogEntry = z.infer<typeof LogEntrySchema>;

/** Every status a ranked solve can have; the history shows it too. */
export const SolveStatusSchema = z.enum(['clean', 'pending', 'flagged', 'approved', 'voided']).meta({
  id: 'SolveStatus',
  description:
    "`clean`: ranked publicly at once. `pending`: faster than the player's own history so far carries; " +
    'under review by a moderator, it counts nowhere (boards, statistics, ratings) until approved. ' +
    "`flagged`: the move log or the time says it was not a person's solve; under review the same way. " +
    '`approved`: ranked after review, in its place. `voided`: removed by a moderator. A submission is ' +
    'judged `clean`, `pending` or `flagged`; the other two come from a moderator later.',
});

/**
 * The one reason a player reads for a solve under review, per status. Never the check that held it nor its
 * figures: those would tell a script exactly what to tune (moderators see them, GET /v1/admin/flags).
 */
export const REVIEW_NOTES = {
  pending: 'under review',
  flagged: "the move log does not look like a person's",
} as const;

export const ReviewNoteSchema = z.enum([REVIEW_NOTES.pending, REVIEW_NOTES.flagged]).meta({
  id: 'ReviewNote',
  description:
    'Why a `pending` or `flagged` solve waits for a moderator, in plain words; the same for every solve of ' +
    'that status',
});

export type ReviewNote = z.infer<typeof ReviewNoteSchema>;

/** The plain reason for a solve of this status, or null when it is not under review. */
export function reviewNoteOf(status: string | null): ReviewNote | null {
  return status === 'pending' || status === 'flagged' ? REVIEW_NOTES[status] : null;
}

/** The verdict on a submission, as the API returns it. */
export const SubmissionResultSchema = z
  .object({
    valid: z.boolean(),
    reason: z.string().optional().meta({ example: 'row 3 has two 7s' }),
    repeated: z
      .boolean()
      .meta({ description: 'This repeats an earlier ranked solve; its result is returned unchanged' }),
    verdict: SolveStatusSchema.optional(),
    review: ReviewNoteSchema.optional(),
    practice: z.boolean().optional().meta({
      description:
        'A solve of a date whose ranking has closed, or one its session had hints for (`hints`): kept in the history as practice, counted nowhere (no rank, rating or streak)',
    }),
    hints: z.number().int().optional().meta({
      description: 'The hints its session used, when any: the reason this solve is practice',
    }),
    countedMs: z.number().int().optional().meta({
      description: "The server's time from the session start, lowered by `elapsedMs` by at most 2 s",
    }),
    capped: z
      .boolean()
      .optional()
      .meta({ description: 'The client claimed more time than the server saw; the claim was ignored' }),
    score: z.number().optional().meta({ description: '1 / (1 + (t / benchmark)^2): 0.5 at the benchmark' }),
    rating: z
      .object({
        before: z.number().int(),
        after: z.number().int(),
        deviation: z.number().int(),
        provisional: z.boolean().meta({ description: 'Not yet established in this kind' }),
      })
      .optional()
      .meta({ description: "The player's rating of the kind around this game (counted solves only)" }),
    rank: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Its place on the public board (counted solves only)' }),
    wouldBeRank: z.number().int().optional().meta({
      description:
        'A pending solve: the place it would take on the board now if a moderator approves it (nothing public shows it meanwhile)',
    }),
    solvers: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Counted solvers of the puzzle, this one included when counted' }),
    fasterThanPercent: z
      .number()
      .int()
      .optional()
      .meta({ description: 'Share of the other counted solvers this solve beat ("faster than 83 %")' }),
    streak: StreakSchema,
  })
  .meta({ id: 'SubmissionResult' });

export type SubmissionResult = z.infer<typeof SubmissionResultSchema>;
