import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from './client.js';
import { follows, players } from './schema.js';
import { shownTo } from './visibility.js';

/** Adds a follow (again: nothing changes). Returns whether it was new. */
export async function addFollow(
  db: Db,
  followerId: string,
  followeeId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .insert(follows)
    .values({ followerId, followeeId, createdAt: at })
    .onConflictDoNothing()
    .run();
  return result.meta.changes > 0;
}

export async function removeFollow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const result = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .run();
  return result.meta.changes > 0;
}

export async function followCount(db: Db, followerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, followerId));
  return row?.n ?? 0;
}

/** The players one follows and may see (shownTo), by followee id (keyset on it). */
export async function followsPage(db: Db, followerId: string, afterId: string | null, limit: number) {
  return db
    .select({
      playerId: follows.followeeId,
      displayName: players.displayName,
      followedAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(players, eq(players.id, follows.followeeId))
    .where(
      and(
        eq(follows.followerId, followerId),
        shownTo(followerId),
        afterId === null ? undefined : gt(follows.followeeId, afterId),
      ),
    )
    .orderBy(asc(follows.followeeId))
    .limit(limit)
    .all();
}
