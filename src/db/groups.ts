import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { groupMembers, groups, players } from './schema.js';
import { shownTo } from './visibility.js';

export type GroupRow = typeof groups.$inferSelect;

/** Creates a group with its owner as its first member, atomically. */
export async function createGroup(db: Db, group: GroupRow): Promise<void> {
  await db.batch([
    db.insert(groups).values(group),
    db.insert(groupMembers).values({ groupId: group.id, playerId: group.ownerId, joinedAt: group.createdAt }),
  ]);
}

export async function findGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  return db.select().from(groups).where(eq(groups.id, id)).get();
}

export async function findGroupByInvite(db: Db, inviteCode: string): Promise<GroupRow | undefined> {
  return db.select().from(groups).where(eq(groups.inviteCode, inviteCode)).get();
}

export async function isMember(db: Db, groupId: string, playerId: string): Promise<boolean> {
  const row = await db
    .select({ playerId: groupMembers.playerId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.playerId, playerId)))
    .get();
  return row !== undefined;
}

/** How many groups a player belongs to (its own included). */
export async function membershipCount(db: Db, playerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.playerId, playerId));
  return row?.n ?? 0;
}

/**
 * Adds a member if the group still has room: the count and the insert are one statement, so two joins at
 * once cannot pass the cap together. Returns whether the player was added.
 */
export async function addMember(
  db: Db,
  groupId: string,
  playerId: string,
  at: string,
  cap: number,
): Promise<boolean> {
  const result = await db.run(sql`insert into group_members (group_id, player_id, joined_at)
    select ${groupId}, ${playerId}, ${at}
    where (select count(*) from group_members where group_id = ${groupId}) < ${cap}
    on conflict do nothing`);
  return result.meta.changes > 0;
}

export async function removeMember(db: Db, groupId: string, playerId: string): Promise<boolean> {
  const result = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.playerId, playerId)))
    .run();
  return result.meta.changes > 0;
}

export async function setInviteCode(db: Db, groupId: string, inviteCode: string): Promise<void> {
  await db.update(groups).set({ inviteCode }).where(eq(groups.id, groupId));
}

/** The group's members in the order they joined, each with whether the viewer may see it (shownTo). */
export async function groupMembersOf(db: Db, groupId: string, viewerId: string | null) {
  return db
    .select({
      playerId: groupMembers.playerId,
      displayName: players.displayName,
      shown: sql<boolean>`${shownTo(viewerId)}`.mapWith(Boolean),
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(players, eq(players.id, groupMembers.playerId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(groupMembers.joinedAt), sql`${groupMembers}.rowid`)
    .all();
}

/**
 * The groups a player belongs to, oldest membership first, each with its member count and whether the
 * player may see its owner (shownTo).
 */
export async function groupsOf(db: Db, playerId: string) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      ownerId: groups.ownerId,
      ownerShown: sql<boolean>`${shownTo(playerId)}`.mapWith(Boolean),
      createdAt: groups.createdAt,
      joinedAt: groupMembers.joinedAt,
      members: sql<number>`(select count(*) from ${groupMembers} m where m.group_id = ${groups.id})`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(players, eq(players.id, groups.ownerId))
    .where(eq(groupMembers.playerId, playerId))
    .orderBy(asc(groupMembers.joinedAt))
    .all();
}

/** Deletes a group and its memberships. */
export async function deleteGroup(db: Db, groupId: string): Promise<void> {
  await db.batch([
    db.delete(groupMembers).where(eq(groupMembers.groupId, groupId)),
    db.delete(groups).where(eq(groups.id, groupId)),
  ]);
}

export async function setOwner(db: Db, groupId: string, ownerId: string): Promise<void> {
  await db.update(groups).set({ ownerId }).where(eq(groups.id, groupId));
}
