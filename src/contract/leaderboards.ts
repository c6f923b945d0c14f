import { z } from 'zod';
import { PuzzleVotesSchema, VoteSchema } from './feedback.js';
import { KINDS } from './kinds/index.js';

/** Whose rows a board shows; ranks are within the scope. */
export type BoardScope = 'global' | 'following' | `group:${string}`;

/**
 * A row's player: boards list only players the caller may see (its board visibility), so every row names
 * one; the name is null for a player that has none.
 */
const ShownPlayerFields = {
  playerId: z.string(),
  displayName: z.string().nullable(),
};

const NextCursor = z.string().nullable().meta({ description: 'Null on the last page' });

/** Rows of the top held back from everyone's board until their player has the evidence (README). */
const HeldForReview = z.number().int().meta({
  description:
    "Rows among this page's top 10 places held back from everyone's board: their players have neither a long clean history (20 days of play, the first at least 19 days ago; less on a young site) nor a moderator's approval yet. Ranks stay exact, so the ranks shown skip their places; 0 on a following or group board",
});

export const PuzzleBoardSchema = z
  .object({
    puzzleId: z.string(),
    scope: z.string(),
    heldForReview: HeldForReview,
    entries: z.array(
      z.object({
        rank: z.number().int(),
        ...ShownPlayerFields,
        countedMs: z.number().int(),
        submittedAt: z.string(),
      }),
    ),
    nextCursor: NextCursor,
    solvers: z.number().int(),
    me: z
      .object({ rank: z.number().int(), countedMs: z.number().int(), fasterThanPercent: z.number() })
      .nullable()
      .meta({
        description: "The caller's own rank in the scope (with a player token), even when outside this page",
      }),
    meUnderReview: z.boolean().meta({
      description: "With a player token: the caller's solve waits for a moderator (then `me` is null)",
    }),
  })
  .meta({ id: 'PuzzleLeaderboard' });

export type PuzzleBoard = z.infer<typeof PuzzleBoardSchema>;

export const RatingBoardSchema = z
  .object({
    kind: z.enum(KINDS),
    scope: z.string(),
    heldForReview: HeldForReview,
    entries: z.array(
      z.object({
        rank: z.number().int().meta({
          description:
            'Within the scope, by rating, ties to the smaller player id; on everyone’s board it counts players hidden from the caller, so ranks may skip',
        }),
        ...ShownPlayerFields,
        rating: z.number().int(),
        deviation: z.number().int(),
        games: z.number().int(),
      }),
    ),
    nextCursor: NextCursor,
    me: z
      .object({
        rank: z.number().int(),
        rating: z.number().int(),
        deviation: z.number().int(),
        games: z.number().int(),
      })
      .nullable()
      .meta({
        description:
          "The caller's own place in the scope (with a player token), even when outside this page; null until it is established in the kind",
      }),
  })
  .meta({ id: 'RatingLeaderboard' });

export type RatingBoard = z.infer<typeof RatingBoardSchema>;

export const DailyBoardSchema = z
  .object({
    date: z.string(),
    scope: z.string(),
    heldForReview: HeldForReview,
    entries: z.array(
      z.object({
        rank: z.number().int(),
        ...ShownPlayerFields,
        total: z.number().meta({ description: "The sum of the player's scores over the date's puzzles" }),
        solved: z.number().int(),
      }),
    ),
    nextCursor: NextCursor,
    players: z.number().int(),
    me: z
      .object({ rank: z.number().int(), total: z.number(), solved: z.number().int() })
      .nullable()
      .meta({ description: "The caller's own place in the scope (with a player token)" }),
  })
  .meta({ id: 'DailyLeaderboard' });

export type DailyBoard = z.infer<typeof DailyBoardSchema>;

export const PuzzleStatsSchema = z
  .object({
    puzzleId: z.string(),
    solvers: z.number().int(),
    medianMs: z.number().int().nullable(),
    benchmarkSeconds: z.number(),
    histogram: z
      .array(
        z.object({
          fromMs: z.number().int(),
          toMs: z.number().int().nullable(),
          count: z.number().int(),
          mine: z.boolean().meta({ description: "The caller's own counted time is in this bucket" }),
        }),
      )
      .meta({
        description:
          'Counts of counted times in 12 buckets, each √2 times as wide as the one before, from 0 to a ' +
          'sixteenth of the benchmark up to twice it; the last bucket is open-ended (toMs null)',
      }),
    votes: PuzzleVotesSchema.nullable(),
    myVote: VoteSchema.nullable().meta({
      description: "The caller's own vote, whatever the count (null: none)",
    }),
  })
  .meta({ id: 'PuzzleStats' });

export type PuzzleStats = z.infer<typeof PuzzleStatsSchema>;
