import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type BoardScope, inScope } from './board-scope.js';
import type { Db } from './client.js';
import type { RowPlayer } from './leaderboards.js';
import { isCounted } from './ranked-solves.js';
import { players, submissions } from './schema.js';
import { shownTo } from './visibility.js';

export interface DailyEntry extends RowPlayer {
  /** 1-based, within the scope. */
  rank: number;
  /** The sum of the player's scores over the date's counted solves. */
  total: number;
  solved: number;
}

export interface DailyCursor {
  total: number;
  playerId: string;
}

export interface DailyBoardPage {
  entries: DailyEntry[];
  players: number;
  mine: { total: number; solved: number; rank: number } | null;
}

/**
 * A date's daily board within the scope: players by the sum of their scores over the date's puzzles, best
 * first (ties by player id), a page at a time, of the players the viewer may see (shownTo), with the
 * viewer's own place. One round trip over the date's counted solves (one range of the date's covering
 * index; for a scope, one search per player: a scope holds only players the viewer may see). On
 * everyone's board the ranks and the player count are the whole crowd's, those the viewer may not see
 * included (ranks may skip): the ranks are numbered over every total, which the board sorts anyway.
 */
export async function dailyBoardPage(
  db: Db,
  date: string,
  page: { after: DailyCursor | null; limit: number; viewerId: string | null; scope: BoardScope },
): Promise<DailyBoardPage> {
  const { after, limit, viewerId } = page;
  const totals = db.$with('totals').as(
    db
      .select({
        playerId: sql<string>`${submissions.playerId}`.as('player_id'),
        total: sql<number>`sum(${submissions.score})`.as('total'),
        solved: sql<number>`count(*)`.as('solved'),
      })
      .from(submissions)
      .where(and(eq(submissions.puzzleDate, date), isCounted, inScope(submissions.playerId, page.scope)))
      .groupBy(submissions.playerId),
  );
  /** Rows that come before (`total`, `playerId`) on the board. */
  const before = (total: number | SQL, playerId: string | SQL, row = 'totals') =>
    sql`(${sql.raw(row)}.total > ${total} or (${sql.raw(row)}.total = ${total} and ${sql.raw(row)}.player_id < ${playerId}))`;
  // Numbered before the rows the viewer may not see are left out, so that the ranks are the crowd's.
  const ranked = db.$with('ranked').as(
    db
      .with(totals)
      .select({
        playerId: totals.playerId,
        total: totals.total,
        solved: totals.solved,
        rank: sql<number>`row_number() over (order by totals.total desc, totals.player_id asc)`.as('rank'),
      })
      .from(totals),
  );
  const [rows, count, mine] = await db.batch([
    db
      .with(totals, ranked)
      .select({
        rank: ranked.rank,
        playerId: ranked.playerId,
        displayName: players.displayName,
        total: ranked.total,
        solved: ranked.solved,
      })
      .from(ranked)
      .innerJoin(players, eq(players.id, ranked.playerId))
      .where(
        and(
          shownTo(viewerId),
          after
            ? sql`not ${before(after.total, after.playerId, 'ranked')} and ranked.player_id <> ${after.playerId}`
            : undefined,
        ),
      )
      .orderBy(sql`ranked.rank`)
      .limit(limit),
    db.with(totals).select({ n: sql<number>`count(*)` }).from(totals),
    db
      .with(totals)
      .select({
        total: totals.total,
        solved: totals.solved,
        rank: sql<number>`(select count(*) from totals other
          where ${before(sql`totals.total`, sql`totals.player_id`, 'other')}) + 1`,
      })
      .from(totals)
      // Without a viewer the statement ends at once instead of ranking the date's players for no one.
      .where(viewerId === null ? sql`0` : sql`totals.player_id = ${viewerId}`),
  ]);
  return {
    entries: rows,
    players: count[0]?.n ?? 0,
    mine: viewerId === null ? null : (mine[0] ?? null),
  };
}
