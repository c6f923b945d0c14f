import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Param } from './batch.js';
import type { Db } from './client.js';
import { players, playerTokens } from './schema.js';

export type TokenRow = typeof playerTokens.$inferSelect;

export function insertTokenQuery(
  db: Db,
  token: Omit<TokenRow, 'revokedAt' | 'label'> & { label?: string | null },
) {
  return db.insert(playerTokens).values(token);
}

/** The player a token names, if the token is still held (not revoked) and the player still exists. */
export async function playerOfToken(db: Db, playerId: string, tokenId: string) {
  const row = await db
    .select({ player: players })
    .from(playerTokens)
    .innerJoin(players, eq(players.id, playerTokens.playerId))
    .where(tokenHeld(playerId, tokenId))
    .get();
  return row?.player;
}

/** The condition of a token that may be used: issued to this player and not revoked. */
export function tokenHeld(playerId: Param<string>, tokenId: Param<string>) {
  return and(
    eq(playerTokens.playerId, playerId),
    eq(playerTokens.id, tokenId),
    isNull(playerTokens.revokedAt),
  );
}

export function heldTokenQuery(db: Db, playerId: string, tokenId: string) {
  return db.select({ id: playerTokens.id }).from(playerTokens).where(tokenHeld(playerId, tokenId)).limit(1);
}

/** The player's tokens that are still held, in the order they were issued. */
export async function tokensOf(db: Db, playerId: string): Promise<TokenRow[]> {
  return db
    .select()
    .from(playerTokens)
    .where(and(eq(playerTokens.playerId, playerId), isNull(playerTokens.revokedAt)))
    .orderBy(asc(playerTokens.createdAt), sql`rowid`)
    .all();
}

/** Revokes one of the player's held tokens; false when it has no such token held. */
export async function revokeToken(db: Db, playerId: string, tokenId: string, at: string): Promise<boolean> {
  const revoked = await db
    .update(playerTokens)
    .set({ revokedAt: at })
    .where(tokenHeld(playerId, tokenId))
    .returning({ id: playerTokens.id });
  return revoked.length > 0;
}
