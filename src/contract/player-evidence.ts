import { z } from 'zod';
import { FLAG_REASONS, PENDING_REASONS } from './admin.js';
import { KINDS, LEVELS } from './kinds/index.js';
import { SolveStatusSchema } from './submission.js';

// GET /v1/admin/players/{id}/evidence: what a moderator needs to judge one player in a minute (issue 42, D).

const PaceSolveSchema = z.object({
  submissionId: z.number().int(),
  date: z.string().meta({ description: "The puzzle's date" }),
  submittedAt: z.string(),
  countedMs: z.number().int(),
  benchmarkSeconds: z.number(),
  pace: z
    .number()
    .meta({ description: 'countedMs / 1000 / benchmarkSeconds: 1 is the benchmark, lower is faster' }),
  status: SolveStatusSchema,
});

const HeldSolveSchema = z.object({
  submissionId: z.number().int(),
  puzzleId: z.string(),
  kind: z.enum(KINDS),
  level: z.enum(LEVELS),
  status: z.enum(['pending', 'flagged']),
  submittedAt: z.string(),
  countedMs: z.number().int().nullable(),
  benchmarkSeconds: z.number().nullable(),
  reasons: z.array(z.enum([...FLAG_REASONS, ...PENDING_REASONS])),
  floorMs: z.number().int().nullable().meta({ description: 'The human floor it was held to' }),
  eliteMs: z.number().int().nullable().meta({ description: 'The elite line it was held to' }),
  gapsMs: z.array(z.number().int()).meta({
    description:
      'The gap before each move of its log: the first from the session start, then from the move before',
  }),
});

export const PlayerEvidenceSchema = z
  .object({
    player: z.object({
      id: z.string(),
      displayName: z.string().nullable(),
      createdAt: z.string(),
      accountAgeDays: z
        .number()
        .int()
        .meta({ description: 'Whole days from its registration to now, by the server clock' }),
      bannedAt: z.string().nullable(),
    }),
    daysOfPlay: z
      .object({
        days: z.number().int(),
        first: z.string().nullable(),
        last: z.string().nullable(),
      })
      .meta({
        description:
          'Days of play on the server clock, as standing counts them: a day begins with a counted solve at ' +
          'least 20 hours after the first solve of the day before (first and last: those solves)',
      }),
    paceHistory: z
      .array(z.object({ kind: z.enum(KINDS), level: z.enum(LEVELS), solves: z.array(PaceSolveSchema) }))
      .meta({ description: 'Every ranked solve by kind and level, oldest first (the newest 2,000 at most)' }),
    underReview: z
      .array(HeldSolveSchema)
      .meta({ description: 'Its pending and flagged solves, oldest first' }),
    networks: z
      .object({
        distinct: z
          .number()
          .int()
          .meta({ description: 'Distinct networks (/24 or /48) its sessions began on' }),
        sessions: z.number().int(),
        sessionsWithNetwork: z.number().int().meta({
          description: 'Sessions that kept a network (older ones and unreadable addresses did not)',
        }),
      })
      .meta({
        description:
          'Counts only: a session keeps a keyed hash of its network, never an address, so nothing here names one',
      }),
    devices: z.object({
      count: z.number().int().meta({ description: 'Tokens ever given, one per device' }),
      active: z.number().int().meta({ description: 'Tokens not revoked' }),
      linked: z
        .array(z.object({ at: z.string(), revokedAt: z.string().nullable() }))
        .meta({ description: 'Devices added by a link code, oldest first' }),
    }),
    moderation: z
      .array(
        z.object({
          id: z.number().int(),
          at: z.string(),
          action: z.string(),
          target: z.string().meta({ description: 'The player, or one of its solves (a submission id)' }),
          reason: z.string().nullable(),
        }),
      )
      .meta({ description: 'Earlier actions on the player or its solves, from the audit log, oldest first' }),
    suspicion: z
      .object({
        listed: z.boolean().meta({ description: 'On the suspects list now (GET /v1/admin/suspects)' }),
        since: z.string().meta({ description: "The window's start, or the last clear when later" }),
        floorHugs: z.number().int(),
        earlyEliteKinds: z.array(z.enum(KINDS)),
        ramps: z.number().int().meta({ description: 'Solves that ended a ramp of ever faster solves' }),
        signals: z
          .array(
            z.object({
              submissionId: z.number().int(),
              kind: z.enum(KINDS),
              level: z.enum(LEVELS),
              submittedAt: z.string(),
              pace: z.number().nullable(),
              hugsFloor: z.boolean(),
              earlyElite: z.boolean(),
              ramp: z.boolean(),
            }),
          )
          .meta({ description: 'The solves whose pace signals count towards the list, oldest first' }),
      })
      .meta({ description: 'What makes it a suspect: its pace signals within the window' }),
  })
  .meta({ id: 'PlayerEvidence' });

export type PlayerEvidence = z.infer<typeof PlayerEvidenceSchema>;
