import { sql } from 'drizzle-orm';
import type { HistoryBar } from '../fairplay/long-history.js';
import type { Db } from './client.js';

/**
 * Which of these players have the evidence for a board's top rows (src/fairplay/long-history.ts): a
 * moderator vouched for them, or a long clean history (days of play as distinct UTC dates of counted solves,
 * the first long enough ago). One statement for the few players of a board's top, read on every uncached
 * global board page: each check stops as soon as it is decided (the first old enough solve; the bar's
 * number of distinct dates), so a player of a year's history costs what a player of twenty days does.
 */
export async function earnedPlayers(db: Db, ids: readonly string[], bar: HistoryBar): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.all<{ id: string }>(sql`select p.id as id from players p
    where p.id in (select value from json_each(${JSON.stringify([...new Set(ids)])}))
      and p.banned_at is null
      and (p.approved_at is not null
        or (exists (select 1 from submissions s
              where s.player_id = p.id and s.counted = 1 and s.created_at <= ${bar.firstSolveBy})
          and (select count(*) from (select distinct substr(s.created_at, 1, 10) from submissions s
              where s.player_id = p.id and s.counted = 1 limit ${bar.days})) >= ${bar.days}))`);
  return new Set(rows.map((r) => r.id));
}
