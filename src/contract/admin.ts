import { z } from 'zod';
import { KINDS } from './kinds/index.js';

// What the moderators' and operators' routes (ADMIN_TOKEN) answer: the client's admin methods are typed by
// these, as the players' methods are by the rest of the contract.

export const GenerationResultSchema = z.object({
  status: z.string(),
  generated: z.number().int(),
  failures: z.array(z.string()),
});
export type GenerationResult = z.infer<typeof GenerationResultSchema>;

export const CalibrationSchema = z.object({
  updates: z.array(
    z.object({
      kind: z.string(),
      level: z.string(),
      oldSeconds: z.number(),
      newSeconds: z.number(),
      samples: z.number().int(),
      players: z.number().int(),
      limited: z.boolean(),
    }),
  ),
});
export type Calibration = z.infer<typeof CalibrationSchema>;

export const GenerationRunsSchema = z.object({
  runs: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      trigger: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      status: z.string(),
      generated: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
});
export type GenerationRuns = z.infer<typeof GenerationRunsSchema>;

/**
 * Why a solve waits for a moderator. The fair-play rules (src/fairplay/verdict.ts) hold the same two lists,
 * which the contract may not import; test/contract/review-reasons.test.ts compares them.
 */
export const FLAG_REASONS = [
  'under_floor',
  'fast_entries',
  'burst',
  'regular_intervals',
  'log_before_session',
  'log_after_submission',
  'reveal_mismatch',
] as const;
export const PENDING_REASONS = ['pace_unproven', 'suspect_player'] as const;

export const EvidenceSchema = z
  .object({
    entries: z.number().int(),
    firstMs: z.number().int().nullable(),
    lastMs: z.number().int().nullable(),
    serverMs: z.number().int(),
    countedMs: z.number().int(),
    fastGaps: z.number().int().meta({ description: 'Gaps under 50 ms outside drag strokes' }),
    burstMs: z.number().meta({ description: 'Shortest time holding 80 % of the entries' }),
    gapSpread: z.number().nullable().meta({ description: '90th / 10th percentile of the gaps' }),
    floorMs: z.number().int().meta({ description: 'The human floor the solve was held to' }),
    eliteMs: z
      .number()
      .int()
      .optional()
      .meta({ description: "The elite line: faster needs the player's history to be ranked at once" }),
  })
  .meta({ id: 'Evidence' });

export const FlagSchema = z
  .object({
    submissionId: z.number().int(),
    puzzleId: z.string(),
    date: z.string(),
    kind: z.enum(KINDS),
    level: z.string(),
    countedMs: z.number().int().nullable(),
    benchmarkSeconds: z.number().nullable(),
    submittedAt: z.string(),
    verdict: z.enum(['pending', 'flagged']),
    reasons: z.array(z.enum([...FLAG_REASONS, ...PENDING_REASONS])),
    wouldTakePlaces: z.number().int().meta({
      description:
        'Counted solves of the puzzle it would go ahead of if approved now (the queue is sorted by it)',
    }),
    evidence: EvidenceSchema.nullable(),
    player: z.object({
      id: z.string(),
      displayName: z.string().nullable(),
      createdAt: z.string(),
      banned: z.boolean(),
    }),
  })
  .meta({ id: 'Flag' });
export type Flag = z.infer<typeof FlagSchema>;

export const FlagsPageSchema = z.object({ flags: z.array(FlagSchema), nextCursor: z.string().nullable() });
export type FlagsPage = z.infer<typeof FlagsPageSchema>;

export const StoredSubmissionSchema = z.record(z.string(), z.unknown()).meta({ id: 'StoredSubmission' });
export type StoredSubmission = z.infer<typeof StoredSubmissionSchema>;

export const RederivedSchema = z
  .object({
    puzzles: z.array(z.object({ id: z.string(), rating: z.number(), deviation: z.number() })),
    puzzlesPending: z.number().int().meta({ description: 'Puzzles the daily job replays' }),
    ratings: z.array(
      z.object({ kind: z.enum(KINDS), rating: z.number(), deviation: z.number(), games: z.number().int() }),
    ),
  })
  .meta({ id: 'Rederived', description: 'The ratings replayed from their remaining counted games' });

export const ModerationResultSchema = z.object({
  submissionId: z.number().int(),
  status: z.enum(['approved', 'voided']),
  rederived: RederivedSchema,
});
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

export const BanSchema = z.object({
  playerId: z.string(),
  banned: z.literal(true),
  rederived: RederivedSchema,
});
export type Ban = z.infer<typeof BanSchema>;

export const AuditPageSchema = z.object({
  actions: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      action: z.string(),
      target: z.string(),
      reason: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      moderator: z
        .object({ id: z.string(), name: z.string() })
        .nullable()
        .meta({ description: 'Who acted (`owner`: the ADMIN_TOKEN); null for actions from before names' }),
    }),
  ),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const SuspectSchema = z
  .object({
    player: z.object({
      id: z.string(),
      displayName: z.string().nullable(),
      createdAt: z.string(),
      clearedAt: z.string().nullable().meta({ description: 'When a moderator last cleared it' }),
    }),
    floorHugs: z.number().int().meta({
      description:
        'Solves within 15 % above their floor (or under it), or faster than the record pace without a moderator vouching for the player',
    }),
    earlyEliteKinds: z.array(z.enum(KINDS)).meta({
      description:
        'Kinds in which it solved under the elite line with fewer than 10 solves of the kind before',
    }),
    ramps: z.number().int().meta({
      description:
        'Solves that ended a ramp: 6 solves of one kind and level in a row, each faster than the one before, the last at most 60 % of the first (one lists the player)',
    }),
    solves: z.array(
      z.object({
        submissionId: z.number().int(),
        puzzleId: z.string(),
        kind: z.enum(KINDS),
        status: z.string().nullable(),
        countedMs: z.number().int().nullable(),
        benchmarkSeconds: z.number().nullable(),
        submittedAt: z.string(),
        level: z.string(),
        hugsFloor: z.boolean(),
        earlyElite: z.boolean(),
        ramp: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Suspect' });

export const SuspectsSchema = z.object({
  since: z.string().meta({ description: 'The start of the 30-day window' }),
  suspects: z.array(SuspectSchema),
});
export type Suspects = z.infer<typeof SuspectsSchema>;

export const ClearedSuspectSchema = z.object({ playerId: z.string(), clearedAt: z.string() });
export type ClearedSuspect = z.infer<typeof ClearedSuspectSchema>;

export const ResolvedReportSchema = z.object({ id: z.int(), resolved: z.literal(true) });
export type ResolvedReport = z.infer<typeof ResolvedReportSchema>;
