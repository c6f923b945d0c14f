import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import type { PlayerRow } from './players.js';
import { players } from './schema.js';

/**
 * The one visibility rule, as SQL on a row of `players` (under `alias`): whether `viewerId` may see that
 * player anywhere (a board row of any scope, a scope's count, a member list, a follows list, a profile, an
 * export). A player always sees itself. Nobody else sees a banned or deleted player; a `public` one is seen
 * by everyone, a `followers` one only by a player it follows that follows it back (following costs nothing,
 * so one way would make it public), a `hidden` one by nobody. Without a viewer only `public` players.
 * Every lookup it adds is a primary-key search (players, then follows both ways for a `followers` player).
 */
export function shownTo(viewerId: string | null, alias = 'players'): SQL<boolean> {
  const p = sql.raw(`"${alias}"`);
  const viewer = viewerId ?? '';
  return sql<boolean>`(${p}.id = ${viewer} or (${p}.banned_at is null and ${p}.deleted_at is null and (
    ${p}.board_visibility = 'public' or (${p}.board_visibility = 'followers'
      and exists (select 1 from follows seen_out where seen_out.follower_id = ${p}.id and seen_out.followee_id = ${viewer})
      and exists (select 1 from follows seen_in where seen_in.follower_id = ${viewer} and seen_in.followee_id = ${p}.id)))))`;
}

/** The player, if the viewer may see it (shownTo); undefined alike for one it may not see and none at all. */
export async function findShownPlayer(
  db: Db,
  viewerId: string | null,
  playerId: string,
): Promise<PlayerRow | undefined> {
  return db
    .select()
    .from(players)
    .where(and(eq(players.id, playerId), shownTo(viewerId)))
    .get();
}
