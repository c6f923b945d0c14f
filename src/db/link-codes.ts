import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from './client.js';
import { linkCodes } from './schema.js';
import { insertTokenQuery } from './tokens.js';

export async function insertLinkCode(db: Db, code: typeof linkCodes.$inferInsert): Promise<void> {
  await db.insert(linkCodes).values(code);
}

/**
 * Uses a link code: only an unused, unexpired one, and only once even when two devices race (the update
 * is the check). Then gives the new device its token. Returns the player, or null for any code that does
 * not work, whatever the reason.
 */
export async function redeemLinkCode(
  db: Db,
  redemption: { codeHash: string; at: string; tokenId: string },
): Promise<string | null> {
  const used = await db
    .update(linkCodes)
    .set({ usedAt: redemption.at })
    .where(
      and(
        eq(linkCodes.codeHash, redemption.codeHash),
        isNull(linkCodes.usedAt),
        gt(linkCodes.expiresAt, redemption.at),
      ),
    )
    .returning({ playerId: linkCodes.playerId });
  const playerId = used[0]?.playerId;
  if (!playerId) return null;
  await insertTokenQuery(db, { playerId, id: redemption.tokenId, createdAt: redemption.at, via: 'link' });
  return playerId;
}
