import type { Flag } from '../contract/admin.js';
import type { heldPage } from '../db/moderation.js';

/** A row of the review queue's held solves as read from D1. */
export type HeldRow = Awaited<ReturnType<typeof heldPage>>[number];

/** A held solve as the admin API shows it (GET /v1/admin/flags and the review queue). */
export function flagOf(r: HeldRow): Flag {
  return {
    submissionId: r.id,
    puzzleId: r.puzzleId,
    date: r.date,
    kind: r.kind,
    level: r.level,
    countedMs: r.countedMs,
    benchmarkSeconds: r.benchmarkSeconds,
    submittedAt: r.submittedAt,
    verdict: r.status === 'pending' ? 'pending' : 'flagged',
    reasons: r.flags ?? [],
    wouldTakePlaces: r.places,
    evidence: r.evidence,
    player: {
      id: r.player.id,
      displayName: r.player.displayName,
      createdAt: r.player.createdAt,
      banned: r.player.bannedAt !== null,
    },
  };
}
