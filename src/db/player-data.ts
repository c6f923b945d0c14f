import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { playerKeyScope } from './idempotency-keys.js';
import {
  adminActions,
  follows,
  groupMembers,
  groups,
  idempotencyKeys,
  linkCodes,
  playerAccounts,
  playerRatings,
  players,
  playerTokens,
  playSessions,
  pushSubscriptions,
  puzzleReports,
  puzzleVotes,
  shares,
  submissions,
} from './schema.js';
import { shownTo } from './visibility.js';

/** A follow as the export lists it, either way round. */
const followColumns = {
  followerId: follows.followerId,
  followeeId: follows.followeeId,
  createdAt: follows.createdAt,
};

/**
 * Everything stored about a player, table by table (link codes without their hashes), except other
 * players it may not see (shownTo): its follows of them and theirs of it are left out, not to name a
 * hidden player's id, nor a `followers` one's to a player it does not follow back.
 */
export async function playerData(db: Db, playerId: string) {
  const [
    player,
    tokens,
    codes,
    sessions,
    solves,
    ratings,
    following,
    followers,
    memberships,
    owned,
    actions,
    votes,
    reports,
    push,
    shared,
    account,
  ] = await db.batch([
    db.select().from(players).where(eq(players.id, playerId)),
    db.select().from(playerTokens).where(eq(playerTokens.playerId, playerId)),
    db
      .select({ createdAt: linkCodes.createdAt, expiresAt: linkCodes.expiresAt, usedAt: linkCodes.usedAt })
      .from(linkCodes)
      .where(eq(linkCodes.playerId, playerId)),
    db.select().from(playSessions).where(eq(playSessions.playerId, playerId)),
    db.select().from(submissions).where(eq(submissions.playerId, playerId)).orderBy(submissions.id),
    db.select().from(playerRatings).where(eq(playerRatings.playerId, playerId)),
    db
      .select(followColumns)
      .from(follows)
      .innerJoin(players, eq(players.id, follows.followeeId))
      .where(and(eq(follows.followerId, playerId), shownTo(playerId))),
    db
      .select(followColumns)
      .from(follows)
      .innerJoin(players, eq(players.id, follows.followerId))
      .where(and(eq(follows.followeeId, playerId), shownTo(playerId))),
    db
      .select({ groupId: groupMembers.groupId, name: groups.name, joinedAt: groupMembers.joinedAt })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.playerId, playerId)),
    db.select().from(groups).where(eq(groups.ownerId, playerId)),
    // Who moderated stays out of a player's export: the moderators' names are theirs, not the player's.
    db
      .select({
        id: adminActions.id,
        at: adminActions.at,
        action: adminActions.action,
        target: adminActions.target,
        reason: adminActions.reason,
        details: adminActions.details,
      })
      .from(adminActions)
      .where(or(eq(adminActions.target, playerId), like(adminActions.details, `%${playerId}%`))),
    db.select().from(puzzleVotes).where(eq(puzzleVotes.playerId, playerId)),
    db.select().from(puzzleReports).where(eq(puzzleReports.playerId, playerId)),
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId)),
    db.select().from(shares).where(eq(shares.playerId, playerId)).orderBy(shares.createdAt),
    db
      .select({ externalId: playerAccounts.externalId, createdAt: playerAccounts.createdAt })
      .from(playerAccounts)
      .where(eq(playerAccounts.playerId, playerId)),
  ]);
  return {
    player: player[0] ?? null,
    tokens,
    linkCodes: codes,
    sessions,
    submissions: solves,
    ratings,
    following,
    followers,
    groups: memberships,
    ownedGroups: owned,
    moderation: actions,
    votes,
    reports,
    pushSubscriptions: push,
    shares: shared,
    // The player's own account id at the site: only its own export ever shows it.
    account: account[0] ?? null,
  };
}

/**
 * Removes a player's personal data, atomically. Its solves stay, so that boards keep their ranks and puzzles
 * their rating games, but under `standInId`, an anonymous hidden player made for them that nothing ties to
 * the player (move logs are dropped) and banned when the player was; the moderation record is rewritten the
 * same way. Its votes stay in the puzzles' tallies and its reports in the moderators' queue, under the
 * stand-in too (a report without its note, the player's own words). Its tokens, link codes, sessions,
 * ratings, follows, memberships and push subscriptions go; groups it owned were handed over by the caller.
 * ratings, follows, memberships and shares go (a shared link answers 404 from then on), its site account
 * (the external id), so that the site's next call for it makes a new player, and the answers kept for its
 * idempotency keys; groups it owned were handed over by the caller.
 */
export async function deletePlayer(db: Db, playerId: string, standInId: string, at: string): Promise<void> {
  await db.batch([
    db.insert(players).values({
      id: standInId,
      createdAt: at,
      deletedAt: at,
      boardVisibility: 'hidden',
      // A banned player's solves stay banned: nothing may count them again under the stand-in.
      bannedAt: sql`(select ${players.bannedAt} from ${players} where ${players.id} = ${playerId})`,
    }),
    db.update(submissions).set({ playerId: standInId, log: null }).where(eq(submissions.playerId, playerId)),
    db.update(puzzleVotes).set({ playerId: standInId }).where(eq(puzzleVotes.playerId, playerId)),
    db
      .update(puzzleReports)
      .set({ playerId: standInId, note: null })
      .where(eq(puzzleReports.playerId, playerId)),
    db
      .update(adminActions)
      .set({
        target: sql`replace(${adminActions.target}, ${playerId}, ${standInId})`,
        details: sql`replace(${adminActions.details}, ${playerId}, ${standInId})`,
      })
      .where(or(eq(adminActions.target, playerId), like(adminActions.details, `%${playerId}%`))),
    db.delete(playSessions).where(eq(playSessions.playerId, playerId)),
    db.delete(playerTokens).where(eq(playerTokens.playerId, playerId)),
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId)),
    db.delete(linkCodes).where(eq(linkCodes.playerId, playerId)),
    db.delete(playerRatings).where(eq(playerRatings.playerId, playerId)),
    db.delete(follows).where(or(eq(follows.followerId, playerId), eq(follows.followeeId, playerId))),
    db.delete(groupMembers).where(eq(groupMembers.playerId, playerId)),
    db.delete(shares).where(eq(shares.playerId, playerId)),
    db.delete(playerAccounts).where(eq(playerAccounts.playerId, playerId)),
    db.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, playerKeyScope(playerId))),
    db.delete(players).where(eq(players.id, playerId)),
  ]);
}
