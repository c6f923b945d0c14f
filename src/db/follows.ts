import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from './client.js';
import { follows, players } from './schema.js';

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

/** The players one follows, in the order followed (keyset on the followee id within a time). */
export async function followsPage(db: Db, followerId: string, afterId: string | null, limit: number) {
  return db
    .select({
      playerId: follows.followeeId,
      displayName: players.displayName,
      boardVisibility: players.boardVisibility,
      followedAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(players, eq(players.id, follows.followeeId))
    .where(
      and(
        eq(follows.followerId, followerId),
        isNull(players.deletedAt),
        afterId === null ? undefined : gt(follows.followeeId, afterId),
      ),
    )
    .orderBy(asc(follows.followeeId))
    .limit(limit)
    .all();
}

/** Whether each follows the other: what `followers` visibility asks of a viewer. */
export async function followEachOther(db: Db, a: string, b: string): Promise<boolean> {
  const edge = (from: string, to: string) =>
    db
      .select({ followerId: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followerId, from), eq(follows.followeeId, to)))
      .limit(1);
  const [ab, ba] = await db.batch([edge(a, b), edge(b, a)]);
  return ab.length > 0 && ba.length > 0;
}
