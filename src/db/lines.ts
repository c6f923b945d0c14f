import { and, eq, sql } from 'drizzle-orm';
import type { LinesView } from '../contract/fair-play-admin.js';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import type { NewAdminAction } from './audit-log.js';
import type { Db } from './client.js';
import { adminActions, benchmarks, submissions } from './schema.js';

/** A kind and level's lines as multiples of the benchmark: learnt, set by a moderator, and the record pace. */
export const LINES_COLUMNS = {
  floorRatio: benchmarks.floorRatio,
  eliteRatio: benchmarks.eliteRatio,
  floorRatioSet: benchmarks.floorRatioSet,
  eliteRatioSet: benchmarks.eliteRatioSet,
  recordRatio: benchmarks.recordRatio,
};

export type Lines = Omit<LinesView, 'kind' | 'level'>;

/** A kind and level without a benchmark row: nothing learnt, set or recorded. */
export const NO_LINES: Lines = {
  floorRatio: null,
  eliteRatio: null,
  floorRatioSet: null,
  eliteRatioSet: null,
  recordRatio: null,
};

/** A kind and level's lines as judging reads them, or undefined. */
export async function linesOf(db: Db, kind: Kind, level: Level): Promise<Lines | undefined> {
  return db
    .select(LINES_COLUMNS)
    .from(benchmarks)
    .where(and(eq(benchmarks.kind, kind), eq(benchmarks.level, level)))
    .get();
}

/** A moderator's lines (null: none, the cold and learnt ones apply) and their audit, atomically. */
export async function setLines(
  db: Db,
  change: {
    kind: Kind;
    level: Level;
    floorRatioSet: number | null;
    eliteRatioSet: number | null;
    audit: NewAdminAction;
  },
): Promise<void> {
  await db.batch([
    db
      .update(benchmarks)
      .set({ floorRatioSet: change.floorRatioSet, eliteRatioSet: change.eliteRatioSet })
      .where(and(eq(benchmarks.kind, change.kind), eq(benchmarks.level, change.level))),
    db.insert(adminActions).values(change.audit),
  ]);
}

/**
 * The statement that lowers each kind and level's record pace to the fastest of the player's counted solves
 * there (all of them, or the one `submissionId`): what a moderator vouched for is a pace a person reached.
 * It goes into the batch of the approval that vouches, so the record moves with it or not at all.
 */
export function lowerRecordsQuery(db: Db, playerId: string, submissionId?: number) {
  const which = submissionId === undefined ? sql`` : sql`and s.id = ${submissionId}`;
  const fastest = sql`(select min(s.counted_ms / 1000.0 / s.benchmark_seconds) from ${submissions} s
    where s.player_id = ${playerId} and s.kind = ${benchmarks.kind} and s.level = ${benchmarks.level}
      and (s.counted = 1 or s.status = 'approved') and s.counted_ms is not null and s.benchmark_seconds > 0
      ${which})`;
  return db
    .update(benchmarks)
    .set({ recordRatio: sql`min(coalesce(${benchmarks.recordRatio}, ${fastest}), ${fastest})` })
    .where(sql`${fastest} is not null`);
}
