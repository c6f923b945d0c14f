import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { EVERYONE, isRanked, type SolveSource } from './ranked-solves.js';
import { submissions } from './schema.js';

/** Whose rows a board shows: everyone's, those of the players the viewer follows (and its own), a group's. */
export type BoardScope =
  | { kind: 'global' }
  | { kind: 'following'; viewerId: string }
  | { kind: 'group'; groupId: string };

/**
 * The scope's players as one list: the viewer and those it follows (a follow of itself, which the API
 * refuses, would not count twice), or the group's members. At most MAX_FOLLOWS + 1 or MAX_GROUP_MEMBERS.
 */
function scopePlayers(scope: Exclude<BoardScope, { kind: 'global' }>): SQL {
  switch (scope.kind) {
    case 'following':
      return sql`select followee_id as player_id from follows
        where follower_id = ${scope.viewerId} and followee_id <> ${scope.viewerId} union all select ${scope.viewerId}`;
    case 'group':
      return sql`select player_id as player_id from group_members where group_id = ${scope.groupId}`;
  }
}

/** The condition on a board's player column for the scope, or undefined for everyone. */
export function inScope(player: SQLiteColumn, scope: BoardScope): SQL | undefined {
  return scope.kind === 'global' ? undefined : sql`${player} in (${scopePlayers(scope)})`;
}

/**
 * A puzzle's solves within the scope, read from the scope's players: one (puzzle, player) index search each,
 * whatever the puzzle's number of solvers. CROSS JOIN keeps SQLite to that order; left to itself it walks
 * the puzzle's whole board in time order, fetching every row to see whose it is. Every counted solve is
 * ranked: saying so lets the index of ranked solves serve.
 */
export function scopedSolves(scope: BoardScope): SolveSource {
  if (scope.kind === 'global') return EVERYONE;
  return {
    from: sql`(${scopePlayers(scope)}) as scope cross join ${submissions}`,
    where: sql`${submissions.playerId} = scope.player_id and ${isRanked}`,
  };
}

/** 1 when the row's player and the viewer follow each other (what `followers` visibility asks), else 0. */
export function followEachOtherWith(player: SQLiteColumn, viewerId: string | null): SQL<number> {
  const viewer = viewerId ?? '';
  return sql<number>`(exists (select 1 from follows f where f.follower_id = ${player} and f.followee_id = ${viewer})
    and exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = ${player}))`;
}
