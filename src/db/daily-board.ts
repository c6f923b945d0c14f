import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type BoardScope, followEachOtherWith, inScope } from './board-scope.js';
import type { Db } from './client.js';
import type { RowPlayer } from './leaderboards.js';
import { isCounted } from './ranked-solves.js';
import { players, submissions } from './schema.js';

export interface DailyEntry extends RowPlayer {
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
  firstRank: number;
  players: number;
  mine: { total: number; solved: number; rank: number } | null;
}

/**
 * A date's daily board within the scope: players by the sum of their scores over the date's puzzles, best
 * first (ties by player id), a page at a time, with the viewer's own place. One round trip over the
 * date's counted solves (one range of the date's covering index; for a scope, one search per player).
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
  const [rows, preceding, count, mine] = await db.batch([
    db
      .with(totals)
      .select({
        playerId: totals.playerId,
        displayName: players.displayName,
        boardVisibility: players.boardVisibility,
        mutual: sql<boolean>`${followEachOtherWith(players.id, viewerId)}`.mapWith(Boolean),
        total: totals.total,
        solved: totals.solved,
      })
      .from(totals)
      .innerJoin(players, eq(players.id, totals.playerId))
      .where(
        after
          ? sql`not ${before(after.total, after.playerId)} and totals.player_id <> ${after.playerId}`
          : undefined,
      )
      .orderBy(sql`totals.total desc`, sql`totals.player_id asc`)
      .limit(limit),
    db
      .with(totals)
      .select({ n: sql<number>`count(*)` })
      .from(totals)
      .where(
        after ? sql`${before(after.total, after.playerId)} or totals.player_id = ${after.playerId}` : sql`0`,
      ),
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
    firstRank: (preceding[0]?.n ?? 0) + 1,
    players: count[0]?.n ?? 0,
    mine: viewerId === null ? null : (mine[0] ?? null),
  };
}
