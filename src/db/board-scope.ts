import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { EVERYONE, isRanked, type SolveSource } from './ranked-solves.js';
import { submissions } from './schema.js';
import { shownTo } from './visibility.js';

/** Whose rows a board shows: everyone's, those of the players the viewer follows (and its own), a group's. */
export type BoardScope =
  | { kind: 'global' }
  | { kind: 'following'; viewerId: string }
  | { kind: 'group'; groupId: string; viewerId: string };

/**
 * The scope's players as one list: the viewer and those it follows (a follow of itself, which the API
 * refuses, would not count twice), or the group's members; either way only those the viewer may see
 * (shownTo), so that a player it may not see is in none of the scope's rows, ranks or counts: in a scope
 * of two, a row without a name would still say whose it is. At most MAX_FOLLOWS + 1 or MAX_GROUP_MEMBERS,
 * each checked by primary key.
 */
function scopePlayers(scope: Exclude<BoardScope, { kind: 'global' }>): SQL {
  switch (scope.kind) {
    case 'following':
      return sql`select scope_f.followee_id as player_id from follows scope_f
        join players scope_p on scope_p.id = scope_f.followee_id
        where scope_f.follower_id = ${scope.viewerId} and scope_f.followee_id <> ${scope.viewerId}
          and ${shownTo(scope.viewerId, 'scope_p')}
        union all select ${scope.viewerId}`;
    case 'group':
      return sql`select scope_m.player_id as player_id from group_members scope_m
        join players scope_p on scope_p.id = scope_m.player_id
        where scope_m.group_id = ${scope.groupId} and ${shownTo(scope.viewerId, 'scope_p')}`;
  }
}

/** The condition on a board's player column for the scope, or undefined for everyone. */
export function inScope(player: SQLiteColumn | SQL, scope: BoardScope): SQL | undefined {
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
