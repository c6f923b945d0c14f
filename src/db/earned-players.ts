import { type SQL, sql } from 'drizzle-orm';
import { type HistoryBar, TOP_ROWS } from '../fairplay/long-history.js';
import { rawStatement, type Statement } from './batch.js';
import type { Db } from './client.js';

/**
 * Which of these players have the evidence for a board's top rows (src/fairplay/long-history.ts): a
 * moderator vouched for them, or a long clean history (days of play as distinct UTC dates of counted solves,
 * the first long enough ago). One statement for the few players of a board's top, read on every uncached
 * global board page: each check stops as soon as it is decided (the first old enough solve; the bar's
 * number of distinct dates), so a player of a year's history costs what a player of twenty days does.
 */
export async function earnedPlayers(db: Db, ids: readonly string[], bar: HistoryBar): Promise<Set<string>> {
  return new Set((await earnedEvidence(db, ids, bar)).keys());
}

/** Why a player has the evidence for a board's top rows: a moderator vouched, or a long clean history. */
export type EarnedBy = 'approved' | 'long_history';

/**
 * The players of `ids` with the evidence for a board's top rows, each with what gives it (a moderator's
 * word first): the statement of earnedPlayers, which the console's badges share so that they cannot
 * disagree with the boards.
 */
export async function earnedEvidence(
  db: Db,
  ids: readonly string[],
  bar: HistoryBar,
): Promise<Map<string, EarnedBy>> {
  if (ids.length === 0) return new Map();
  const listed = sql`(select value from json_each(${JSON.stringify([...new Set(ids)])}))`;
  const rows = await db.all<EarnedRow>(earnedAmong(listed, bar));
  return new Map(rows.map((r) => [r.id, r.vouched ? 'approved' : 'long_history']));
}

/**
 * The players of a puzzle's top TOP_ROWS counted solves, its global board's first rows by time, that have
 * the evidence: the check a first page of that board makes of its top, as a statement of the page's own
 * batch (the same statement as earnedEvidence's, over those players).
 */
export function topEarnedStatement(db: Db, puzzleId: string, bar: HistoryBar): Statement<EarnedRow[]> {
  const top = sql`(select top.player_id from submissions top
    where top.puzzle_id = ${puzzleId} and top.counted = 1 order by top.counted_ms, top.id limit ${TOP_ROWS})`;
  return rawStatement(db, db.all<EarnedRow>(earnedAmong(top, bar)));
}

/** A row of `earnedAmong`: a player with the evidence, and whether a moderator's word gives it. */
export interface EarnedRow {
  id: string;
  vouched: number;
}

/** The statement of the players among `ids` (a subquery of player ids) with the evidence. */
function earnedAmong(ids: SQL, bar: HistoryBar): SQL {
  return sql`select p.id as id, p.approved_at is not null as vouched from players p
    where p.id in ${ids}
      and p.banned_at is null
      and (p.approved_at is not null
        or (exists (select 1 from submissions s
              where s.player_id = p.id and s.counted = 1 and s.created_at <= ${bar.firstSolveBy})
          and (select count(*) from (select distinct substr(s.created_at, 1, 10) from submissions s
              where s.player_id = p.id and s.counted = 1 limit ${bar.days})) >= ${bar.days}))`;
}
