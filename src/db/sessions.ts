import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { players, playSessions } from './schema.js';

export type SessionRow = typeof playSessions.$inferSelect;

/**
 * The player's session of a puzzle: created by the first call, returned unchanged by every later one (its
 * start never moves). A player without a time zone takes the session's `tz` as its own calendar.
 */
export async function startSession(
  db: Db,
  session: { playerId: string; puzzleId: string; startedAt: Date; timeZone: string | null },
): Promise<SessionRow> {
  const { playerId, puzzleId } = session;
  const [, , rows] = await db.batch([
    db.insert(playSessions).values(session).onConflictDoNothing(),
    db
      .update(players)
      .set({ timeZone: sql`coalesce(${players.timeZone}, ${session.timeZone})` })
      .where(and(eq(players.id, playerId), isNull(players.timeZone))),
    db
      .select()
      .from(playSessions)
      .where(and(eq(playSessions.playerId, playerId), eq(playSessions.puzzleId, puzzleId)))
      .limit(1),
  ]);
  const row = rows[0];
  if (!row) throw new Error('session insert left no row');
  return row;
}
