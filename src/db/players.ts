import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { playerRatings, players } from './schema.js';
import { insertTokenQuery } from './tokens.js';

export type PlayerRow = typeof players.$inferSelect;
export type NewPlayerRow = Pick<PlayerRow, 'id' | 'displayName' | 'createdAt'>;
export type PlayerChanges = Partial<
  Pick<PlayerRow, 'displayName' | 'timeZone' | 'timeZonePrevious' | 'timeZoneChangedAt' | 'boardVisibility'>
>;

/** A new player and its first token, atomically. */
export async function insertPlayer(db: Db, player: NewPlayerRow, tokenId: string): Promise<PlayerRow> {
  const [rows] = await db.batch([
    db.insert(players).values(player).returning(),
    insertTokenQuery(db, { playerId: player.id, id: tokenId, createdAt: player.createdAt, via: 'register' }),
  ]);
  const row = rows[0];
  if (!row) throw new Error('player insert returned no row');
  return row;
}

export async function findPlayer(db: Db, id: string): Promise<PlayerRow | undefined> {
  return db.select().from(players).where(eq(players.id, id)).get();
}

export async function updatePlayer(
  db: Db,
  id: string,
  changes: PlayerChanges,
): Promise<PlayerRow | undefined> {
  return db.update(players).set(changes).where(eq(players.id, id)).returning().get();
}

/** The player's rating in every kind it has played, in no particular order. */
export async function ratingsOf(db: Db, playerId: string) {
  return db
    .select({
      kind: playerRatings.kind,
      rating: playerRatings.rating,
      deviation: playerRatings.deviation,
      games: playerRatings.games,
      established: playerRatings.established,
    })
    .from(playerRatings)
    .where(eq(playerRatings.playerId, playerId))
    .all();
}
