import { and, asc, eq, getTableName, gt, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Kind } from '../kinds/index.js';
import { newRating } from '../rating/glicko2.js';
import { PLAY_DAY_GAP_MS } from '../rating/play-days.js';
import { ESTABLISHED_MIN_PLAY_DAYS } from '../rating/standing.js';
import type { PlayerGame } from '../rating/weighted-games.js';
import { batch, type Param, type Params, type Statement, settable, statement } from './batch.js';
import type { Db } from './client.js';
import { jsonRowsInsert } from './json-rows-insert.js';
import { isCounted, ownSolve } from './ranked-solves.js';
import { playerRatings, players, submissions } from './schema.js';

export type PlayerRatingRow = typeof playerRatings.$inferSelect;

/** A counted game not yet in the player's rating of its kind, as the player plays it. */
export interface PendingPlayerGame extends PlayerGame {
  id: number;
}

export function playerRatingQuery(db: Db, playerId: Param<string>, kind: Param<Kind>) {
  return db
    .select()
    .from(playerRatings)
    .where(and(eq(playerRatings.playerId, playerId), eq(playerRatings.kind, kind)))
    .limit(1);
}

/** A counted game as a rating replays it: its result, the opponent it was played against, its weight. */
const GAME_COLUMNS = {
  id: submissions.id,
  score: sql<number>`coalesce(${submissions.score}, 0)`,
  opponent: {
    rating: sql<number>`coalesce(${submissions.opponentRating}, 1500)`,
    deviation: sql<number>`coalesce(${submissions.opponentDeviation}, 500)`,
  },
  playerWeight: sql<number>`coalesce(${submissions.playerWeight}, 1)`,
};

/** The player's counted games of a kind after its rating's `rated_through` (none without a rating), oldest first. */
export function pendingPlayerGamesQuery(db: Db, playerId: Param<string>, kind: Param<Kind>) {
  return db
    .select(GAME_COLUMNS)
    .from(submissions)
    .where(
      and(
        eq(submissions.playerId, playerId),
        eq(submissions.kind, kind),
        isCounted,
        gt(
          submissions.id,
          sql`coalesce((select rated_through from player_ratings
            where player_id = ${playerId} and kind = ${kind}), 0)`,
        ),
      ),
    )
    .orderBy(asc(submissions.id));
}

/**
 * The first solves of the player's days of play in a kind (src/rating/play-days.ts), oldest first, as many
 * as standing needs: each day's first solve is the earliest counted solve at least PLAY_DAY_GAP_MS after
 * the day before's, one seek of the play-days index each.
 */
export function playDaysQuery(db: Db, playerId: Param<string>, kind: Param<Kind>) {
  return db
    .select({ days: playDaysArray(playerId, kind) })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
}

/** `playDaysQuery`'s JSON array of play days for the player `player` names: a value or the outer row's id. */
function playDaysArray(player: Param<string> | SQL, kind: Param<Kind>): SQL<string> {
  const firstSolve = (after: SQL | null): SQL => sql`(select min(s.created_at) from submissions s
    where s.player_id = ${player} and s.kind = ${kind} and s.counted = 1
    ${after === null ? sql`` : sql`and s.created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', ${after}, ${GAP})`})`;
  let day: SQL | null = null;
  const days: SQL<string | null>[] = [];
  for (let i = 0; i < ESTABLISHED_MIN_PLAY_DAYS; i++) {
    day = firstSolve(day);
    days.push(day as SQL<string | null>);
  }
  return sql<string>`json_array(${sql.join(days, sql`, `)})`;
}

/** The SQLite date modifier of one play-day gap. */
const GAP = sql.raw(`'+${PLAY_DAY_GAP_MS / 1000} seconds'`);

/** The play days of `playDaysQuery`'s row (none for an unknown player). */
export function playDaysOf(rows: readonly { days: string }[]): string[] {
  const row = rows[0];
  if (!row) return [];
  return (JSON.parse(row.days) as (string | null)[]).filter((day): day is string => day !== null);
}

/** What a catch-up of a player's rating of a kind reads: the row, the games it does not have yet, the play days. */
export interface CatchUpState {
  row: PlayerRatingRow | undefined;
  pending: PendingPlayerGame[];
  playDays: string[];
}

/** Players named by one JSON array parameter: D1 binds at most 100 parameters to a statement. */
const amongPlayers = (column: SQL, ids: string) => sql`${column} in (select value from json_each(${ids}))`;

/**
 * The catch-up reads of several players of one kind in one batch of three statements however many players
 * (their rating rows, their games after each row's `rated_through`, their play days), by player.
 */
export async function catchUpStates(
  db: Db,
  playerIds: readonly string[],
  kind: Kind,
): Promise<CatchUpState[]> {
  if (playerIds.length === 0) return [];
  const ids = JSON.stringify(playerIds);
  const [rows, pending, days] = await db.batch([
    db
      .select()
      .from(playerRatings)
      .where(and(eq(playerRatings.kind, kind), amongPlayers(sql`${playerRatings.playerId}`, ids))),
    db
      .select({
        playerId: submissions.playerId,
        ...GAME_COLUMNS,
      })
      .from(submissions)
      .where(
        and(
          amongPlayers(sql`${submissions.playerId}`, ids),
          eq(submissions.kind, kind),
          isCounted,
          gt(
            submissions.id,
            sql`coalesce((select r.rated_through from player_ratings r
              where r.player_id = ${submissions.playerId} and r.kind = ${kind}), 0)`,
          ),
        ),
      )
      .orderBy(asc(submissions.id)),
    db
      .select({ playerId: players.id, days: playDaysArray(sql`${players.id}`, kind) })
      .from(players)
      .where(amongPlayers(sql`${players.id}`, ids)),
  ]);
  const gamesOf = new Map<string, PendingPlayerGame[]>();
  for (const { playerId, ...game } of pending)
    gamesOf.set(playerId, [...(gamesOf.get(playerId) ?? []), game]);
  return playerIds.map((id) => ({
    row: rows.find((r) => r.playerId === id),
    pending: gamesOf.get(id) ?? [],
    playDays: playDaysOf(days.filter((d) => d.playerId === id)),
  }));
}

/** A player's new rating of a kind, computed from the row whose version was `version` (0 and no row: new). */
export interface PlayerRatingUpdate {
  playerId: string;
  kind: Kind;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  established: boolean;
  version: number;
  updatedAt: string;
}

function values(update: Params<PlayerRatingUpdate>) {
  return {
    rating: settable(update.rating),
    deviation: settable(update.deviation),
    volatility: settable(update.volatility),
    games: settable(update.games),
    established: settable(update.established),
    updatedAt: settable(update.updatedAt),
  };
}

/**
 * Stores the rating through the submission's own game, in its write batch, when that is exact: the row is
 * as it was read (or still absent), and no other counted game of the kind slipped in before this one.
 * Otherwise it writes nothing (the returning list is empty) and the game waits for a catch-up.
 */
export function advanceWithOwnGameQuery(
  db: Db,
  update: Params<PlayerRatingUpdate & { puzzleId: string; lastBefore: number }> & { exists: boolean },
) {
  const ownId = ownSolve(update.puzzleId, update.playerId, 'id');
  if (!update.exists) {
    return db
      .insert(playerRatings)
      .values({
        playerId: update.playerId,
        kind: update.kind,
        ...values(update),
        ratedThrough: ownId,
        version: 1,
      })
      .onConflictDoNothing()
      .returning({ version: playerRatings.version });
  }
  const newestBeforeOwn = sql`coalesce((select max(prior.id) from submissions prior
    where prior.player_id = ${update.playerId} and prior.kind = ${update.kind} and prior.counted = 1
      and prior.id < ${ownId}), 0)`;
  return db
    .update(playerRatings)
    .set({ ...values(update), ratedThrough: ownId, version: sql`${playerRatings.version} + 1` })
    .where(
      and(
        eq(playerRatings.playerId, update.playerId),
        eq(playerRatings.kind, update.kind),
        eq(playerRatings.version, update.version),
        sql`${newestBeforeOwn} = ${update.lastBefore}`,
      ),
    )
    .returning({ version: playerRatings.version });
}

/** A player's rating caught up through the game `through`, with each replayed game's rating after it. */
export type CaughtUpRating = PlayerRatingUpdate & {
  through: number;
  /** Whether the row was there when read (else it is inserted, unless another writer inserted it first). */
  exists: boolean;
  after: { id: number; rating: number; deviation: number }[];
};

/** The compare-and-set write of `advancePlayerRating`: a row back when it applied, none when another wrote first. */
export function advancePlayerRatingQuery(db: Db, update: CaughtUpRating) {
  return update.exists
    ? db
        .update(playerRatings)
        .set({ ...values(update), ratedThrough: update.through, version: sql`${playerRatings.version} + 1` })
        .where(
          and(
            eq(playerRatings.playerId, update.playerId),
            eq(playerRatings.kind, update.kind),
            eq(playerRatings.version, update.version),
          ),
        )
        .returning({ version: playerRatings.version })
    : db
        .insert(playerRatings)
        .values({
          playerId: update.playerId,
          kind: update.kind,
          ...values(update),
          ratedThrough: update.through,
          version: 1,
        })
        .onConflictDoNothing()
        .returning({ version: playerRatings.version });
}

/**
 * Stores the rating with the games up to `through` applied, and each game's rating after it, if nobody wrote
 * the row meanwhile. True when it applied.
 */
export async function advancePlayerRating(db: Db, update: CaughtUpRating): Promise<boolean> {
  const written = await advancePlayerRatingQuery(db, update);
  if (written.length === 0) return false;
  if (update.after.length > 0) await ratingsAfterQuery(db, update.after);
  return true;
}

/**
 * Several players' catch-ups of one kind written in one batch (one round trip) of at most three statements
 * however many players: the new rows in one insert, the compare-and-set of the others in one update (each
 * with its rows as one JSON value), and the rating-after columns of the games of every row that applied.
 * Returns the players whose row another writer changed since it was read (nothing was written for them).
 */
export async function advancePlayerRatings(db: Db, updates: readonly CaughtUpRating[]): Promise<string[]> {
  if (updates.length === 0) return [];
  const fresh = updates.filter((u) => !u.exists);
  const known = updates.filter((u) => u.exists);
  const rows = fresh.map((u) => ({ playerId: u.playerId, kind: u.kind, ...ratingValues(u), version: 1 }));
  const after = updates.filter((u) => u.after.length > 0);
  const writes = [
    ...jsonRowsInsert(db, playerRatings, rows, playerRatings.playerId),
    ...(known.length > 0 ? [compareAndSetAll(db, known)] : []),
  ];
  const gamesAfter = after.length > 0 ? statement(db, ratingsAfterIfWrittenQuery(db, after)) : null;
  // The games' columns last: their condition reads the rows as the writes left them.
  const results = await batch(db, [...writes, gamesAfter]);
  const players = new Set(results.slice(0, writes.length).flat());
  return updates.filter((u) => !players.has(u.playerId)).map((u) => u.playerId);
}

/**
 * `ratingsAfterQuery` for the games of catch-ups written in the same batch: a game's columns are set only
 * when its player's row is the one its catch-up wrote (its version after the write, its `rated_through`),
 * so a catch-up that lost its compare-and-set leaves its games to the one that won.
 */
function ratingsAfterIfWrittenQuery(db: Db, updates: readonly CaughtUpRating[]) {
  const rows = JSON.stringify(
    updates.flatMap((u) =>
      u.after.map((a) => [a.id, a.rating, a.deviation, u.playerId, u.kind, u.version + 1, u.through]),
    ),
  );
  const at = (index: number) => sql`json_extract(game.value, ${`$[${index}]`})`;
  const column = (index: number) =>
    sql`(select ${at(index)} from json_each(${rows}) game where ${at(0)} = ${submissions.id})`;
  return db
    .update(submissions)
    .set({ ratingAfter: column(1), deviationAfter: column(2) })
    .where(
      sql`${submissions.id} in (select ${at(0)} from json_each(${rows}) game join player_ratings r
        on r.player_id = ${at(3)} and r.kind = ${at(4)} and r.version = ${at(5)} and r.rated_through = ${at(6)})`,
    );
}

/** A game's rating-after columns, as a replay or a solve's own rating wrote them. */
export interface GameAfter {
  id: number;
  rating: number;
  deviation: number;
}

/**
 * A player's rating through the solve's own game of a puzzle, as the board that played it computed it from
 * the row the Worker read (version, whether it existed, the last game it had or had pending), with the
 * ratings after the pending games it applied first.
 */
export type OwnGameRating = PlayerRatingUpdate & {
  exists: boolean;
  lastBefore: number;
  pendingAfter: GameAfter[];
};

/** An own game's rating as one JSON row of `ownGameRatingStatements`, in `OWN_GAME_ROW`'s order. */
function ownGameRow(g: OwnGameRating): unknown[] {
  return [
    g.playerId,
    g.kind,
    g.version,
    g.lastBefore,
    g.rating,
    g.deviation,
    g.volatility,
    g.games,
    g.established ? 1 : 0,
    g.updatedAt,
  ];
}

/**
 * The rows of `ownGameRatingStatements`' JSON with the player's ranked solve of the puzzle (?2) when it is
 * counted: a row applies only when its game is in D1 and counts, and no other counted game of the kind came
 * between the last the rating had and this one. `cross join` keeps the batch's rows the outer loop (SQLite
 * never reorders one): left to itself the planner walks the puzzle's every solve, whose count grows with
 * its solvers, instead of seeking each batch row's own.
 */
const OWN_GAMES = `(select u.*, own.id as own_id from (select
    json_extract(value, '$[0]') as player_id, json_extract(value, '$[1]') as kind,
    json_extract(value, '$[2]') as version, json_extract(value, '$[3]') as last_before,
    json_extract(value, '$[4]') as rating, json_extract(value, '$[5]') as deviation,
    json_extract(value, '$[6]') as volatility, json_extract(value, '$[7]') as games,
    json_extract(value, '$[8]') as established, json_extract(value, '$[9]') as updated_at
  from json_each(?1)) u
  cross join submissions own on own.puzzle_id = ?2 and own.player_id = u.player_id and own.ranked = 1
    and own.counted = 1
  where coalesce((select max(prior.id) from submissions prior where prior.player_id = u.player_id
    and prior.kind = u.kind and prior.counted = 1 and prior.id < own.id), 0) = u.last_before)`;

const INSERT_OWN_GAMES = `insert into player_ratings (player_id, kind, rating, deviation, volatility, games,
    established, updated_at, rated_through, version)
  select g.player_id, g.kind, g.rating, g.deviation, g.volatility, g.games, g.established, g.updated_at,
    g.own_id, 1 from ${OWN_GAMES} g where true
  on conflict do nothing returning player_id as value`;

const UPDATE_OWN_GAMES = `update player_ratings set rating = g.rating, deviation = g.deviation,
    volatility = g.volatility, games = g.games, established = g.established, updated_at = g.updated_at,
    rated_through = g.own_id, version = player_ratings.version + 1
  from ${OWN_GAMES} g
  where player_ratings.player_id = g.player_id and player_ratings.kind = g.kind
    and player_ratings.version = g.version
  returning player_ratings.player_id as value`;

/**
 * The pending games' columns, set only where the player's row is the one its own game's write left; the
 * batch's rows lead the joins, as in `OWN_GAMES`.
 */
const PENDING_AFTER = `update submissions set
    rating_after = (select json_extract(a.value, '$[1]') from json_each(?1) a
      where json_extract(a.value, '$[0]') = submissions.id),
    deviation_after = (select json_extract(a.value, '$[2]') from json_each(?1) a
      where json_extract(a.value, '$[0]') = submissions.id)
  where id in (select json_extract(a.value, '$[0]') from json_each(?1) a
    cross join player_ratings r on r.player_id = json_extract(a.value, '$[3]')
      and r.kind = json_extract(a.value, '$[4]') and r.version = json_extract(a.value, '$[5]')
    cross join submissions own on own.puzzle_id = ?2 and own.player_id = r.player_id and own.ranked = 1
    where r.rated_through = own.id)`;

/**
 * The players' ratings through their own games of a puzzle (a board's flush, in the batch after its insert),
 * however many: the new rows in one insert, the others in one compare-and-set on the version read, and the
 * pending games' rating-after columns in one update, each with its rows as one JSON value. Each reads as
 * the players it wrote (the last writes none); one it did not write is left to a catch-up.
 */
export function ownGameRatingStatements(
  db: Db,
  puzzleId: string,
  games: readonly OwnGameRating[],
): Statement<unknown[]>[] {
  const json = (rows: readonly unknown[]) => JSON.stringify(rows);
  const run = (sql: string, rows: readonly unknown[]): Statement<unknown[]> => ({
    statement: db.$client.prepare(sql).bind(json(rows), puzzleId),
    read: (result) => (result.results as { value: unknown }[]).map((r) => r.value),
  });
  const fresh = games.filter((g) => !g.exists).map(ownGameRow);
  const known = games.filter((g) => g.exists).map(ownGameRow);
  const after = games.flatMap((g) =>
    g.pendingAfter.map((a) => [a.id, a.rating, a.deviation, g.playerId, g.kind, g.version + 1]),
  );
  return [
    ...(fresh.length > 0 ? [run(INSERT_OWN_GAMES, fresh)] : []),
    ...(known.length > 0 ? [run(UPDATE_OWN_GAMES, known)] : []),
    ...(after.length > 0 ? [run(PENDING_AFTER, after)] : []),
  ];
}

/** What a caught-up rating stores, as its row's columns. */
function ratingValues(u: CaughtUpRating) {
  const { rating, deviation, volatility, games, established, updatedAt } = u;
  return { rating, deviation, volatility, games, established, updatedAt, ratedThrough: u.through };
}

/** The columns a caught-up rating sets (`ratingValues`' keys), as `compareAndSetAll` sets them. */
const SET_COLUMNS = {
  rating: playerRatings.rating,
  deviation: playerRatings.deviation,
  volatility: playerRatings.volatility,
  games: playerRatings.games,
  established: playerRatings.established,
  updatedAt: playerRatings.updatedAt,
  ratedThrough: playerRatings.ratedThrough,
} as const;
const SET_ENTRIES = Object.entries(SET_COLUMNS) as [keyof typeof SET_COLUMNS, SQLiteColumn][];

/** `compareAndSetAll`'s SQL, the same for every call. */
const COMPARE_AND_SET_ALL = (() => {
  const set = SET_ENTRIES.map(([, c], i) => `"${c.name}" = json_extract(u.value, '$[${i + 3}]')`).join(', ');
  const t = getTableName(playerRatings);
  const [player, kind, version] = [playerRatings.playerId, playerRatings.kind, playerRatings.version].map(
    (c) => `"${t}"."${c.name}"`,
  );
  return `update "${t}" set ${set}, "${playerRatings.version.name}" = ${version} + 1 from json_each(?1) u
    where ${player} = json_extract(u.value, '$[0]') and ${kind} = json_extract(u.value, '$[1]')
      and ${version} = json_extract(u.value, '$[2]')
    returning ${player} as value`;
})();

/**
 * One update of every existing row whose version is still the one read, each getting its own values (one
 * JSON array per row: key, version read, then `SET_COLUMNS`' values): the players whose row it wrote come back.
 */
function compareAndSetAll(db: Db, updates: readonly CaughtUpRating[]): Statement<unknown[]> {
  const json = JSON.stringify(
    updates.map((u) => {
      const v = ratingValues(u);
      return [u.playerId, u.kind, u.version, ...SET_ENTRIES.map(([key, c]) => c.mapToDriverValue(v[key]))];
    }),
  );
  return {
    statement: db.$client.prepare(COMPARE_AND_SET_ALL).bind(json),
    read: (result) => (result.results as { value: unknown }[]).map((r) => r.value),
  };
}

/**
 * Sets each game's rating-after columns in one statement however many games a replay rewrote: the values
 * travel as one JSON parameter (D1 allows 100 bound parameters per statement).
 */
export function ratingsAfterQuery(
  db: Db,
  after: readonly { id: number; rating: number; deviation: number }[],
) {
  const rows = JSON.stringify(after.map((a) => [a.id, a.rating, a.deviation]));
  const column = (index: number) =>
    sql`(select json_extract(game.value, ${`$[${index}]`}) from json_each(${rows}) game
      where json_extract(game.value, '$[0]') = ${submissions.id})`;
  return db
    .update(submissions)
    .set({ ratingAfter: column(1), deviationAfter: column(2) })
    .where(sql`${submissions.id} in (select json_extract(value, '$[0]') from json_each(${rows}))`);
}

/**
 * Sets a player's rating of a kind (of every kind, without one) back to a new player's, with no game applied,
 * so that its counted games are replayed in order from the start (after one of them was approved or voided,
 * or the player banned).
 */
export function resetPlayerRatingQuery(db: Db, playerId: string, kind?: Kind) {
  const fresh = newRating();
  return db
    .update(playerRatings)
    .set({
      rating: fresh.rating,
      deviation: fresh.deviation,
      volatility: fresh.volatility,
      games: 0,
      ratedThrough: 0,
      established: false,
      version: sql`${playerRatings.version} + 1`,
    })
    .where(
      and(
        eq(playerRatings.playerId, playerId),
        kind === undefined ? undefined : eq(playerRatings.kind, kind),
      ),
    );
}
