import { and, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { players, playSessions, puzzles } from './schema.js';

export type SessionRow = typeof playSessions.$inferSelect;

/**
 * The player's session of a puzzle: created by the first call, returned unchanged by every later one (its
 * start never moves). A player without a time zone takes the session's `tz` as its own calendar.
 */
export async function startSession(
  db: Db,
  session: {
    playerId: string;
    puzzleId: string;
    startedAt: Date;
    timeZone: string | null;
    network?: string | null;
  },
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

/**
 * Adds what a reveal showed (`units`, the engine's unit names) to the player's session of the puzzle, and
 * says whether there is one: false when the player has not fetched the puzzle with its token. One round
 * trip; the union is taken in SQL, so concurrent reveals of one session each add theirs, and a reveal that
 * shows nothing new writes nothing. A session from before reveals were recorded (null) stays null.
 */
export async function recordReveal(
  db: Db,
  reveal: { playerId: string; puzzleId: string; units: readonly number[] },
): Promise<boolean> {
  const own = and(eq(playSessions.playerId, reveal.playerId), eq(playSessions.puzzleId, reveal.puzzleId));
  const shown = JSON.stringify(reveal.units);
  const known = playSessions.revealed;
  const [, rows] = await db.batch([
    db
      .update(playSessions)
      .set({
        revealed: sql`(select json_group_array(value) from (select value from json_each(${known})
          union select value from json_each(${shown}) order by value))`,
      })
      .where(
        and(
          own,
          isNotNull(known),
          sql`exists (select 1 from json_each(${shown}) shown_unit
            where shown_unit.value not in (select known_unit.value from json_each(${known}) known_unit))`,
        ),
      ),
    db.select({ playerId: playSessions.playerId }).from(playSessions).where(own).limit(1),
  ]);
  return rows.length > 0;
}

/** The puzzles the player has started (its sessions): where its ranked solves can be, flushed or not. */
export async function sessionPuzzleIds(db: Db, playerId: string): Promise<string[]> {
  const rows = await db
    .select({ puzzleId: playSessions.puzzleId })
    .from(playSessions)
    .where(eq(playSessions.playerId, playerId));
  return rows.map((r) => r.puzzleId);
}

/**
 * The puzzles of `fromDate` and later the player has started, with their board shards (ids begin with their
 * date, so one key range of the player's sessions).
 */
export async function startedPuzzlesFrom(
  db: Db,
  playerId: string,
  fromDate: string,
): Promise<{ id: string; boardShards: number }[]> {
  return db
    .select({ id: playSessions.puzzleId, boardShards: puzzles.boardShards })
    .from(playSessions)
    .innerJoin(puzzles, eq(puzzles.id, playSessions.puzzleId))
    .where(and(eq(playSessions.playerId, playerId), gte(playSessions.puzzleId, `${fromDate}:`)));
}

/** The hints the player's session of the puzzle has had, or undefined when there is no session. */
export async function sessionHints(
  db: Db,
  session: { playerId: string; puzzleId: string },
): Promise<number | undefined> {
  const rows = await db
    .select({ hints: playSessions.hints })
    .from(playSessions)
    .where(and(eq(playSessions.playerId, session.playerId), eq(playSessions.puzzleId, session.puzzleId)))
    .limit(1);
  return rows[0]?.hints;
}

/**
 * Counts one hint in the player's session of the puzzle, unless it has had `cap` already: the new count, or
 * why not. One round trip; the cap is checked in the same statement, so concurrent hints cannot pass it.
 */
export async function recordHint(
  db: Db,
  hint: { playerId: string; puzzleId: string; cap: number },
): Promise<{ ok: true; hints: number } | { ok: false; reason: 'no_session' | 'hint_limit' }> {
  const own = and(eq(playSessions.playerId, hint.playerId), eq(playSessions.puzzleId, hint.puzzleId));
  const [counted, rows] = await db.batch([
    db
      .update(playSessions)
      .set({ hints: sql`${playSessions.hints} + 1` })
      .where(and(own, lt(playSessions.hints, hint.cap)))
      .returning({ hints: playSessions.hints }),
    db.select({ hints: playSessions.hints }).from(playSessions).where(own).limit(1),
  ]);
  const after = counted[0];
  if (after) return { ok: true, hints: after.hints };
  return { ok: false, reason: rows.length > 0 ? 'hint_limit' : 'no_session' };
}
