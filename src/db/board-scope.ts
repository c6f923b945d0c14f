import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** Whose rows a board shows: everyone's, those of the players the viewer follows (and its own), a group's. */
export type BoardScope =
  | { kind: 'global' }
  | { kind: 'following'; viewerId: string }
  | { kind: 'group'; groupId: string };

/** The condition on a board's player column for the scope, or undefined for everyone. */
export function inScope(player: SQLiteColumn, scope: BoardScope): SQL | undefined {
  switch (scope.kind) {
    case 'global':
      return undefined;
    case 'following':
      return sql`(${player} = ${scope.viewerId} or ${player} in
        (select followee_id from follows where follower_id = ${scope.viewerId}))`;
    case 'group':
      return sql`${player} in (select player_id from group_members where group_id = ${scope.groupId})`;
  }
}

/** 1 when the row's player and the viewer follow each other (what `followers` visibility asks), else 0. */
export function followEachOtherWith(player: SQLiteColumn, viewerId: string | null): SQL<number> {
  const viewer = viewerId ?? '';
  return sql<number>`(exists (select 1 from follows f where f.follower_id = ${player} and f.followee_id = ${viewer})
    and exists (select 1 from follows f where f.follower_id = ${viewer} and f.followee_id = ${player}))`;
}
