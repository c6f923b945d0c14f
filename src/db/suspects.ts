import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { NewAdminAction } from './audit-log.js';
import type { Db } from './client.js';
import { adminActions, players, submissions } from './schema.js';

/**
 * Every pace signal since `since` of players who are not banned, counting only signals after each
 * player's last clear, oldest first: the suspects list is derived from them (src/play/suspects.ts).
 */
export async function paceSignalsSince(db: Db, since: string) {
  return db
    .select({
      submissionId: submissions.id,
      puzzleId: submissions.puzzleId,
      kind: submissions.kind,
      status: submissions.status,
      countedMs: submissions.countedMs,
      benchmarkSeconds: submissions.benchmarkSeconds,
      submittedAt: submissions.createdAt,
      hugsFloor: submissions.hugsFloor,
      earlyElite: submissions.earlyElite,
      ramp: submissions.ramp,
      level: submissions.level,
      player: {
        id: players.id,
        displayName: players.displayName,
        createdAt: players.createdAt,
        clearedAt: players.suspectClearedAt,
      },
    })
    .from(submissions)
    .innerJoin(players, eq(players.id, submissions.playerId))
    .where(
      and(
        sql`(${submissions.hugsFloor} = 1 or ${submissions.earlyElite} = 1 or ${submissions.ramp} = 1)`,
        gte(submissions.createdAt, since),
        sql`${submissions.createdAt} > coalesce(${players.suspectClearedAt}, '')`,
        isNull(players.bannedAt),
      ),
    )
    .orderBy(asc(submissions.createdAt))
    .all();
}

/** Takes a player off the suspects list as of `at` and audits it, atomically. */
export async function clearSuspect(
  db: Db,
  clear: { playerId: string; at: string; audit: NewAdminAction },
): Promise<void> {
  await db.batch([
    db.update(players).set({ suspectClearedAt: clear.at }).where(eq(players.id, clear.playerId)),
    db.insert(adminActions).values(clear.audit),
  ]);
}
