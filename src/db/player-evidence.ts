import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { isCounted, isRanked } from './ranked-solves.js';
import { adminActions, players, playerTokens, playSessions, submissions } from './schema.js';

/** The newest ranked solves the evidence lists: a year of five kinds a day and more. */
export const EVIDENCE_SOLVES_MAX = 2000;

/**
 * Everything a moderator's view of one player reads, in one batch; each statement a range of an index on
 * the player (its primary key, `submissions_player_history`, `submissions_player_play_days`, the sessions'
 * and tokens' primary keys, `admin_actions_target`). Undefined `player` when there is no such player.
 */
export async function playerEvidenceRows(db: Db, playerId: string) {
  const [player, solves, played, held, networks, tokens, actions] = await db.batch([
    db
      .select({
        id: players.id,
        displayName: players.displayName,
        createdAt: players.createdAt,
        bannedAt: players.bannedAt,
        suspectClearedAt: players.suspectClearedAt,
      })
      .from(players)
      .where(eq(players.id, playerId))
      .limit(1),
    db
      .select({
        submissionId: submissions.id,
        puzzleId: submissions.puzzleId,
        date: submissions.puzzleDate,
        kind: submissions.kind,
        level: submissions.level,
        submittedAt: submissions.createdAt,
        countedMs: submissions.countedMs,
        benchmarkSeconds: submissions.benchmarkSeconds,
        status: submissions.status,
        hugsFloor: submissions.hugsFloor,
        earlyElite: submissions.earlyElite,
        ramp: submissions.ramp,
      })
      .from(submissions)
      .where(and(eq(submissions.playerId, playerId), isRanked))
      .orderBy(desc(submissions.id))
      .limit(EVIDENCE_SOLVES_MAX),
    db
      .select({ at: submissions.createdAt })
      .from(submissions)
      .where(and(eq(submissions.playerId, playerId), isCounted))
      .orderBy(asc(submissions.createdAt)),
    db
      .select({
        submissionId: submissions.id,
        puzzleId: submissions.puzzleId,
        kind: submissions.kind,
        level: submissions.level,
        submittedAt: submissions.createdAt,
        countedMs: submissions.countedMs,
        benchmarkSeconds: submissions.benchmarkSeconds,
        status: submissions.status,
        flags: submissions.flags,
        evidence: submissions.evidence,
        log: submissions.log,
      })
      .from(submissions)
      .where(and(eq(submissions.playerId, playerId), inArray(submissions.status, ['pending', 'flagged'])))
      .orderBy(asc(submissions.id)),
    db
      .select({
        sessions: sql<number>`count(*)`,
        withNetwork: sql<number>`count(${playSessions.network})`,
        networks: sql<number>`count(distinct ${playSessions.network})`,
      })
      .from(playSessions)
      .where(eq(playSessions.playerId, playerId)),
    db
      .select({ createdAt: playerTokens.createdAt, via: playerTokens.via, revokedAt: playerTokens.revokedAt })
      .from(playerTokens)
      .where(eq(playerTokens.playerId, playerId))
      .orderBy(asc(playerTokens.createdAt)),
    db
      .select({
        id: adminActions.id,
        at: adminActions.at,
        action: adminActions.action,
        target: adminActions.target,
        reason: adminActions.reason,
      })
      .from(adminActions)
      .where(
        or(
          eq(adminActions.target, playerId),
          // A moderator's approval or void names the solve, not its player.
          inArray(
            adminActions.target,
            db
              .select({ id: sql<string>`cast(${submissions.id} as text)` })
              .from(submissions)
              .where(
                and(eq(submissions.playerId, playerId), inArray(submissions.status, ['approved', 'voided'])),
              ),
          ),
        ),
      )
      .orderBy(asc(adminActions.id)),
  ]);
  return {
    player: player[0],
    solves,
    countedAt: played.map((r) => r.at),
    held,
    networks: networks[0] ?? { sessions: 0, withNetwork: 0, networks: 0 },
    tokens,
    actions,
  };
}

export type PlayerEvidenceRows = Awaited<ReturnType<typeof playerEvidenceRows>>;
