import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { players } from './schema.js';

export type PlayerRow = typeof players.$inferSelect;

export async function insertPlayer(db: Db, player: PlayerRow): Promise<void> {
  await db.insert(players).values(player);
}

export async function findPlayer(db: Db, id: string): Promise<PlayerRow | undefined> {
  return db.select().from(players).where(eq(players.id, id)).get();
}

export async function renamePlayer(
  db: Db,
  id: string,
  displayName: string | null,
): Promise<PlayerRow | undefined> {
  return db.update(players).set({ displayName }).where(eq(players.id, id)).returning().get();
}
