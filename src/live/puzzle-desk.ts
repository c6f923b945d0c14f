import { DurableObject } from 'cloudflare:workers';
import { createDb, type Db } from '../db/client.js';
import type { LiveBoardFacts, LiveStats } from '../db/leaderboards.js';
import { type LiveSolveRow, type RankedSolveFields, rankedSolvesOf } from '../db/live-board.js';
import type { OwnGameRating } from '../db/player-ratings.js';
import { type PendingPuzzleGame, type PuzzleRatingState, puzzleRatingState } from '../db/puzzle-ratings.js';
import { boardShardsOf, raisePeakSolves } from '../db/puzzles.js';
import type { NewSubmissionRow } from '../db/submissions.js';
import type { Env } from '../env.js';
import { catchUpPuzzleRating } from '../play/catch-up-puzzle-ratings.js';
import {
  type FlushBatch,
  type FlushOutcome,
  flushLiveSolves,
  puzzleGameOf,
} from '../play/flush-live-solves.js';
import type { Rating } from '../rating/glicko2.js';
import { gameInputsOf, rateSolve, type SolveContext } from '../rating/rate-solve.js';
import { applyPuzzleGames } from '../rating/weighted-games.js';
import { errorFields, log } from '../runtime/log.js';
import { callDesk } from './call-desk.js';
import { CountedTimes } from './counted-times.js';
import { MinutePeak } from './minute-peak.js';
import { ownGameOf, type RatingRowRead } from './own-game.js';
import { type PeerSolve, PeerTimes } from './peer-times.js';
import { RatingWrites } from './rating-writes.js';
import { allShards, shardName, shardOf } from './shards.js';

/** A flush copies at most this many solves to D1 in one batch; this many waiting start one at once. */
export const FLUSH_ROWS = 100;
/** How long the first solve not yet in D1 waits for others to share its batch (the alarm's delay). */
export const FLUSH_DELAY_MS = 1000;
/**
 * After a flush that solves started has failed, they start no other for this long: while D1 is down, each
 * solve would otherwise send it a batch. The alarm, which the runtime retries, copies them meanwhile.
 */
export const FLUSH_RETRY_MS = 5000;
/**
 * How long shard 0 waits for the other shards' batches in flight after its own batch's rating write was
 * not exact. A batch takes one D1 round trip and one call; the bound is for a reload of shard 0, which
 * holds their reports until it ends, and so would wait on this flush waiting on them.
 */
const REPORTS_WAIT_MS = FLUSH_DELAY_MS;

/** The board's SQLite schema: `PRAGMA user_version` is not available to Durable Objects, so a table keeps it. */
const SCHEMA_VERSION = 5;
/**
 * At most this many solves waiting for D1 are also kept in memory, so a flush need not read them back; more
 * (D1 unreachable for long) are read from storage until the board has caught up.
 */
export const WAITING_IN_MEMORY = 10 * FLUSH_ROWS;

/** The player's side of a clean solve's game, as the Worker read it; the board adds the puzzle's side. */
export type PlayerSide = Omit<SolveContext, 'puzzle' | 'puzzleEstablishedGames' | 'pendingPuzzleGames'>;

/** A judged ranked solve the Worker hands its puzzle's board. */
export interface BoardSolve {
  /** The row as judged: everything but the game's inputs (the board rates it) and `ranked`/`counted`. */
  row: NewSubmissionRow;
  /** Clean solves are counted at once; held ones (pending, flagged) wait for a moderator, counted nowhere. */
  verdict: 'clean' | 'pending' | 'flagged';
  player: PlayerSide;
  /** The player's rating row as the Worker read it; without it the flush catches the rating up from D1. */
  ratingRow?: RatingRowRead;
}

/** What a board answers for a player's ranked solve: the stored solve and where it stands now. */
export interface BoardAnswer {
  repeated: boolean;
  solve: AnsweredFields;
  /** 1 + the counted solves ahead of it (faster, or as fast and earlier); for a held solve, where it would stand. */
  rank: number;
  /** The puzzle's counted solves, every one acknowledged before this answer included. */
  solvers: number;
  /** The player's standing after this solve's game: only for a new clean solve (the board keeps no players). */
  established?: boolean;
}

/** A stored solve's fields an answer carries (its D1 id is not known before its flush). */
export type AnsweredFields = Omit<RankedSolveFields, 'id'>;

interface PuzzleState {
  puzzleId: string;
  rating: Rating;
  establishedGames: number;
}

/** Where a player's solve stands on this board, kept in memory: its arrival number and what it ranks by. */
interface Seat {
  seq: number;
  countedMs: number;
  counted: boolean;
}

/** A solve not yet in D1, as the next flush copies it. */
interface WaitingSolve {
  seq: number;
  row: LiveSolveRow;
  ownGame: OwnGameRating | null;
}

/**
 * What a restarted board resumes from: the puzzle's rating after every solve through `throughSeq`, and how
 * far D1 has the solves with D1's rating after them. Saved in the puzzle's row, or carried by the first solve
 * stored after a flush (`mark`, through the solve before it), so that a flush writes nothing here.
 */
interface SavedState {
  rating: Rating;
  establishedGames: number;
  throughSeq: number;
  flushedThrough: number;
  flushedRating: PuzzleRatingState | null;
}

/** What a batch carries of the puzzle's rating (src/play/flush-live-solves.ts). */
type BatchRating = Pick<FlushBatch, 'puzzle' | 'reported' | 'deferConflict'>;

/** Which shard of its puzzle a board is, and of how many (the puzzle's `board_shards`). */
interface Place {
  shard: number;
  shards: number;
}

/** The puzzle's rating as shard 0 last applied it, which another shard's next games play against. */
export interface AppliedRating {
  rating: Rating;
  establishedGames: number;
}

/** A shard's counted solves as it tells another: its last arrival number and every counted time. */
export interface ShardTimes {
  through: number;
  times: number[];
}

/**
 * The board of one live puzzle (`idFromName(puzzleId)`): the single writer of its ranked solves and of its
 * rating. It deduplicates by player, plays the puzzle's games in arrival order, ranks from memory, and
 * copies its solves to D1 in idempotent batches. Its own storage is an append-only log of its solves, one
 * row and one statement a solve; what it answers from is rebuilt from that log on a restart. The Worker judges (tokens, engine, log, verdict) before it
 * calls; D1 stays the record of everything else.
 *
 * A puzzle made with `board_shards` K > 1 has K such boards (src/live/shards.ts), each the writer of its own
 * players' solves. Each ranks from its own exact counts plus the other shards' counts as they last told it
 * (each tells every other one at each of its flushes, and a shard that starts asks them); the puzzle's
 * rating is applied by shard 0 alone, in D1's order: each shard reports its flushed games to it, which
 * takes them in memory and writes them with its own next batch, catching up from D1 when they do not follow
 * the last in D1 (SCALING.md, step 4).
 */
export class PuzzleDesk extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly times = new CountedTimes();
  /** Every player with a solve here (memory, about 150 bytes a solve): the repeat check and ranks need no query. */
  private readonly seats = new Map<string, Seat>();
  /** The last arrival number stored. */
  private lastSeq = 0;
  /** The solves D1 does not have yet, in arrival order; null when more wait than memory keeps (read them back). */
  private waiting: WaitingSolve[] | null = [];
  /** A flush moved the watermark since storage last recorded it: the next stored solve carries it. */
  private markUnsaved = false;
  /** This board's busiest minute of new solves, for sizing the next puzzles of its kind and level. */
  private readonly peak = new MinutePeak();
  /** The other shards' counted times (always empty with one shard). */
  private readonly peers = new PeerTimes();
  private place: Place = { shard: 0, shards: 1 };
  /** Whether the other shards' counts were asked for since this board started (only with K > 1). */
  private peersKnown = false;
  private peersLoading: Promise<void> | undefined;
  /** The last arrival number every other shard was told of; undefined until this board first told them all. */
  private toldThrough: number | undefined;
  /**
   * The board that writes the puzzle's rating (a lone one, or shard 0 of several): D1's rating as its last
   * write left it, saved with the watermark (so a restarted board need not read it), and the games the other
   * shards reported since.
   */
  private writes: RatingWrites | undefined;
  /** Undefined until the board has been started from D1 by its first solve. */
  private puzzle: PuzzleState | undefined;
  /**
   * The last arrival number D1 holds with everything before it (solves are copied in arrival order): one
   * watermark instead of a flag on each solve, carried to storage by the next solve (SavedState), so that a
   * flush writes nothing to the board's own storage.
   */
  private flushedThrough = 0;
  /**
   * The solves D1 does not have yet: every one after the watermark, whose arrival numbers follow on from it
   * (a board started from D1 holds D1's solves up to its watermark, and numbers its own after them).
   */
  private get unflushed(): number {
    return this.lastSeq - this.flushedThrough;
  }
  private alarmSet = false;
  /** Before this time (ms), solves start no flush: the last one they started failed (FLUSH_RETRY_MS). */
  private flushRetryAt = 0;
  /** A start or reload from D1 in progress: solves wait for it. */
  private loading: Promise<void> | undefined;
  private flushing: Promise<number> | undefined;
  /** The batch a flush is copying to D1 now (settled, never rejected: the flush reports its failure). */
  private batchInFlight: Promise<void> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    void ctx.blockConcurrencyWhile(async () => {
      this.migrate();
      this.loadMemory();
      this.alarmSet = (await ctx.storage.getAlarm()) !== null;
    });
  }

  /** Stores a judged solve (or finds the player's earlier one) and answers where it stands. */
  async submit(solve: BoardSolve, shard = 0): Promise<BoardAnswer> {
    await this.started(solve.row.puzzleId, shard);
    if (shardOf(solve.row.playerId, this.place.shards) !== shard) {
      throw new Error(`player ${solve.row.playerId} is not on shard ${shard} of ${solve.row.puzzleId}`);
    }
    const known = this.seats.get(solve.row.playerId);
    // A repeat's stored solve is kept, and nothing is written.
    if (known) return this.answer(known, true);
    const puzzle = this.puzzle as PuzzleState;
    const rated = rateSolve({
      ...solve.player,
      puzzle: puzzle.rating,
      puzzleEstablishedGames: puzzle.establishedGames,
      pendingPuzzleGames: [],
    });
    const counted = solve.verdict === 'clean';
    const row: LiveSolveRow = {
      ...solve.row,
      ...(counted ? { status: 'clean' } : { status: solve.verdict }),
      ...gameInputsOf(rated),
      established: rated.establishedBefore,
      ranked: true,
      counted,
    };
    const countedMs = row.countedMs ?? 0;
    const ownGame = counted && solve.ratingRow ? ownGameOf(row, solve.ratingRow, solve.player, rated) : null;
    // No await from here to the answer. The insert is the solve's one statement; the puzzle's rating stays
    // in memory (a restart replays the solves after the one it was last saved through).
    const seat: Seat = { seq: this.insertSolve(row, ownGame), countedMs, counted };
    this.seats.set(row.playerId, seat);
    // With shards the puzzle's rating is shard 0's to apply, from D1, once this game is there.
    if (counted && this.place.shards === 1) {
      puzzle.rating = rated.puzzleAfter;
      puzzle.establishedGames = rated.puzzleEstablishedAfter;
    }
    if (counted) this.times.add(countedMs, seat.seq);
    this.peak.add(row.createdAt);
    this.wait({ seq: seat.seq, row, ownGame });
    this.scheduleFlush();
    return {
      repeated: false,
      solve: answeredFieldsOf(row),
      rank: this.rankOf(seat),
      solvers: this.times.total + this.peers.total,
      established: rated.establishedAfter,
    };
  }

  /** The player's ranked solve of the puzzle and where it stands now; null when the board has none. */
  async standing(puzzleId: string, playerId: string, shard = 0): Promise<BoardAnswer | null> {
    await this.started(puzzleId, shard);
    const known = this.seats.get(playerId);
    return known ? this.answer(known, true) : null;
  }

  /**
   * What a page of the puzzle's board takes from memory: the solvers, and the viewer's counted solve with
   * where it stands (null without a viewer, or when its solve is held or it has none).
   */
  async pageFacts(puzzleId: string, viewerId: string | null, shard = 0): Promise<LiveBoardFacts> {
    await this.started(puzzleId, shard);
    const known = viewerId === null ? undefined : this.seats.get(viewerId);
    return {
      solvers: this.times.total + this.peers.total,
      mine: known?.counted ? { countedMs: known.countedMs, rank: this.rankOf(known) } : null,
    };
  }

  /**
   * Solvers, median and histogram of the counted solves, from memory and the bucket at each edge; with
   * shards, this shard's own and the others' as they last told it.
   */
  async summary(puzzleId: string, edges: readonly number[], shard = 0): Promise<LiveStats> {
    await this.started(puzzleId, shard);
    const total = this.times.total + this.peers.total;
    const below = [...edges.map((edge) => this.countBelow(edge) + this.peers.below(edge)), total];
    const histogram = below.map((n, i) => n - (i === 0 ? 0 : (below[i - 1] ?? 0)));
    return { solvers: total, medianMs: this.medianMs(total), histogram };
  }

  /** The median counted time as D1's statistics give it: of an even count, the middle two's mean, rounded. */
  private medianMs(total: number): number | null {
    const lower = this.kthMs(Math.ceil(total / 2));
    if (lower === null || total % 2 === 1) return lower;
    return Math.round((lower + (this.kthMs(total / 2 + 1) ?? lower)) / 2);
  }

  /**
   * Shard 0 only: applies another shard's flushed games (`games`, with D1's ids) to the puzzle's rating, in
   * D1's order, each once (D1's `rated_through`), in memory; D1 gets them with this shard's next flush
   * batch, or its alarm's write. Answers the rating, for that shard's next games.
   */
  async applyPuzzleGames(puzzleId: string, games: PendingPuzzleGame[] = []): Promise<AppliedRating> {
    await this.ownStarted(puzzleId, 0);
    await this.takeReported(games);
    const puzzle = this.puzzle as PuzzleState;
    return { rating: puzzle.rating, establishedGames: puzzle.establishedGames };
  }

  /** This shard's counted solves, for another shard that has just started (`shard` is this one's number). */
  async countedTimes(puzzleId: string, shard: number): Promise<ShardTimes> {
    await this.ownStarted(puzzleId, shard);
    return this.ownTimes();
  }

  /** Another shard's whole list of counted solves replaces what it told before. */
  takePeerTimes(from: number, told: ShardTimes): void {
    this.peers.replace(from, told.through, told.times);
  }

  /**
   * Another shard's solves since it last told this one (arrival numbers after `after`). False when this one
   * misses some before them; the other then sends its whole list.
   */
  takePeerSolves(from: number, after: number, through: number, solves: PeerSolve[]): boolean {
    return this.peers.append(from, after, through, solves);
  }

  /** Copies every solve not yet in D1 there, with both ratings caught up; resolves once D1 has them all. */
  flush(): Promise<number> {
    this.flushing ??= this.flushAll().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /**
   * Copies what the board holds to D1 when the player's own solve is still waiting there, so the player's
   * next read of D1 finds it; otherwise does nothing, so readers do not break up the board's batches.
   */
  async settleFor(playerId: string): Promise<void> {
    const seat = this.seats.get(playerId);
    if (seat && seat.seq > this.flushedThrough) await this.flush();
  }

  /**
   * After a moderator changed the puzzle's solves in D1 (approve, void, ban, deletion): copies what the board
   * holds to D1, then starts again from D1's solves and rating, so the two agree. Solves wait meanwhile.
   */
  async reload(): Promise<void> {
    while (this.loading) await this.loading;
    const puzzle = this.puzzle;
    if (!puzzle) return;
    this.loading = (async () => {
      await this.flush();
      await this.loadFromD1(puzzle.puzzleId, this.place.shard);
      if (this.place.shards > 1) await this.tellPeers(true);
    })().finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  /**
   * The delayed flush, and the safety net: a flush that fails throws, and the runtime retries the alarm.
   * With nothing to copy, it saves a watermark no solve has carried since the last flush (the board is idle).
   */
  override async alarm(): Promise<void> {
    this.alarmSet = false;
    const idle = this.unflushed === 0 && !this.writes?.waiting;
    if (idle && this.markUnsaved && this.puzzle) this.savePuzzle(this.puzzle);
    else await this.flush();
  }

  private migrate(): void {
    this.sql.exec('create table if not exists board_schema (version integer not null)');
    const version = this.sql.exec<{ version: number }>('select version from board_schema').toArray()[0];
    if (version === undefined) this.createSchema();
    else if (version.version < SCHEMA_VERSION) {
      this.ctx.storage.transactionSync(() => {
        if (version.version < 2) this.migrateToTwo();
        if (version.version < 3) this.migrateToThree();
        if (version.version < 4) this.migrateToFour();
        this.migrateToFive();
        this.sql.exec('update board_schema set version = ?', SCHEMA_VERSION);
      });
    }
    // Added with shards: a board made before them has no row, and is shard 0 of 1.
    this.sql.exec(`create table if not exists board_shard (
      id integer primary key check (id = 1),
      shard integer not null,
      shards integer not null
    )`);
  }

  /**
   * Version 2: a counted solve keeps its player's rating through it, for the flush to write; the puzzle's
   * rating is saved through a solve (until then it was saved with every solve).
   */
  private migrateToTwo(): void {
    this.sql.exec('alter table solves add column own_game text');
    this.sql.exec('alter table puzzle add column through_seq integer not null default 0');
    this.sql.exec('update puzzle set through_seq = (select coalesce(max(seq), 0) from solves)');
  }

  /** Version 3: the puzzle's row keeps how far D1 has the solves, in place of a flag on each solve. */
  private migrateToThree(): void {
    this.sql.exec('alter table puzzle add column flushed_through integer not null default 0');
    this.sql.exec(`update puzzle set flushed_through = coalesce(
      (select min(seq) - 1 from solves where flushed = 0), (select max(seq) from solves), 0)`);
    this.sql.exec('drop index solves_unflushed');
    this.sql.exec('alter table solves drop column flushed');
  }

  /** Version 4: the puzzle's row keeps D1's rating of it after the last flush. */
  private migrateToFour(): void {
    this.sql.exec('alter table puzzle add column flushed_rating text');
  }

  /**
   * Version 5: one compact row a solve and no index but its arrival number, so a solve is one append (the
   * repeat check and ranks are answered from memory); the puzzle's row is no longer saved at each flush.
   */
  private migrateToFive(): void {
    this.createSolves('solves_v5');
    this.sql.exec(`insert into solves_v5 (seq, player_id, counted_ms, counted, row, own_game)
      select seq, player_id, counted_ms, counted, coalesce(row, fields), own_game from solves`);
    this.sql.exec('drop table solves');
    this.sql.exec('alter table solves_v5 rename to solves');
  }

  /**
   * seq is the arrival order (ties rank by it); solves started from D1 take their D1 id. `row` is the solve
   * as D1 will store it (as D1 gave it, for those started from there); `mark` is the watermark a solve
   * carries (SavedState).
   */
  private createSolves(table: string): void {
    this.sql.exec(`create table ${table} (
      seq integer primary key,
      player_id text not null,
      counted_ms integer not null,
      counted integer not null,
      row text not null,
      own_game text,
      mark text
    )`);
  }

  private createSchema(): void {
    this.ctx.storage.transactionSync(() => {
      this.createSolves('solves');
      this.sql.exec(`create table puzzle (
        id integer primary key check (id = 1),
        puzzle_id text not null,
        rating text not null,
        established_games integer not null,
        through_seq integer not null,
        flushed_through integer not null,
        flushed_rating text
      )`);
      this.sql.exec('insert into board_schema (version) values (?)', SCHEMA_VERSION);
    });
  }

  /**
   * Rebuilds memory from the board's own storage: the saved state (the newer of the puzzle's row and the last
   * mark a solve carried), the puzzle's rating (one shard: the counted games since replayed in arrival
   * order), and every solve's seat and counted time.
   */
  private loadMemory(): void {
    const row = this.sql.exec<{ puzzle_id: string }>('select puzzle_id from puzzle').toArray()[0];
    const saved = row && this.savedState();
    this.flushedThrough = saved?.flushedThrough ?? 0;
    this.markUnsaved = false;
    this.place =
      this.sql
        .exec<{ shard: number; shards: number }>('select shard, shards from board_shard')
        .toArray()[0] ?? this.place;
    this.writes =
      row && this.place.shard === 0
        ? new RatingWrites(() => this.db(), row.puzzle_id, saved?.flushedRating ?? undefined)
        : undefined;
    this.puzzle = row &&
      saved && {
        puzzleId: row.puzzle_id,
        rating: saved.rating,
        establishedGames: saved.establishedGames,
      };
    if (this.puzzle && saved && this.place.shards === 1) {
      const games = this.sql
        .exec<{ row: string }>(
          'select row from solves where counted = 1 and seq > ? order by seq',
          saved.throughSeq,
        )
        .toArray()
        .map((r) => puzzleGameOf(JSON.parse(r.row) as LiveSolveRow));
      this.puzzle.rating = applyPuzzleGames(this.puzzle.rating, games);
      this.puzzle.establishedGames += games.filter((g) => g.puzzleWeight > 0).length;
    }
    this.loadSeats();
  }

  /** The puzzle's row as last saved, or the mark a later solve carried. */
  private savedState(): SavedState {
    const row = this.sql
      .exec<{
        rating: string;
        established_games: number;
        through_seq: number;
        flushed_through: number;
        flushed_rating: string | null;
      }>('select rating, established_games, through_seq, flushed_through, flushed_rating from puzzle')
      .one();
    const marked = this.sql
      .exec<{ seq: number; mark: string }>(
        'select seq, mark from solves where mark is not null and seq > ? order by seq desc limit 1',
        row.through_seq,
      )
      .toArray()[0];
    if (marked)
      return { ...(JSON.parse(marked.mark) as Omit<SavedState, 'throughSeq'>), throughSeq: marked.seq - 1 };
    return {
      rating: JSON.parse(row.rating) as Rating,
      establishedGames: row.established_games,
      throughSeq: row.through_seq,
      flushedThrough: row.flushed_through,
      flushedRating: row.flushed_rating ? (JSON.parse(row.flushed_rating) as PuzzleRatingState) : null,
    };
  }

  /** Every stored solve's seat and counted time, and which of them D1 does not have yet. */
  private loadSeats(): void {
    this.times.clear();
    this.seats.clear();
    this.lastSeq = 0;
    // Rows as arrays, not objects: a board of 100,000 solves reads them all at each start.
    const rows = this.sql.exec('select seq, player_id, counted_ms, counted from solves order by seq').raw();
    for (const [seq, playerId, countedMs, counted] of rows as Iterable<[number, string, number, number]>) {
      const seat: Seat = { seq, countedMs, counted: counted === 1 };
      this.seats.set(playerId, seat);
      if (seat.counted) this.times.add(seat.countedMs, seat.seq);
      this.lastSeq = seat.seq;
    }
    // Waiting solves are read back by the flush; those stored from now on are kept in memory too.
    this.waiting = this.unflushed === 0 ? [] : null;
  }

  /** Started from D1 (`ownStarted`) and, with shards, holding the other shards' counts. */
  private async started(puzzleId: string, shard: number): Promise<void> {
    await this.ownStarted(puzzleId, shard);
    if (this.place.shards === 1 || this.peersKnown) return;
    this.peersLoading ??= this.askPeers().finally(() => {
      this.peersLoading = undefined;
    });
    await this.peersLoading;
  }

  /**
   * Starts the board from D1 on its first call (D1 may hold solves from before the board existed). Never
   * waits on another shard, so two shards starting at once, each asking the other, cannot wait on each other.
   */
  private async ownStarted(puzzleId: string, shard: number): Promise<void> {
    while (this.loading) await this.loading;
    if (this.puzzle) {
      if (this.puzzle.puzzleId !== puzzleId || this.place.shard !== shard) {
        throw new Error(
          `shard ${this.place.shard} of ${this.puzzle.puzzleId} was asked as shard ${shard} of ${puzzleId}`,
        );
      }
      return;
    }
    this.loading = this.loadFromD1(puzzleId, shard).finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  /** Asks every other shard for its counted solves; one that told this board meanwhile is newer already. */
  private async askPeers(): Promise<void> {
    const { puzzleId } = this.puzzle as PuzzleState;
    await Promise.all(
      this.otherShards().map(async (shard) => {
        const told = await callDesk(this.namespace(), shardName(puzzleId, shard), (board) =>
          board.countedTimes(puzzleId, shard),
        );
        if (this.peers.throughOf(shard) === undefined) this.peers.replace(shard, told.through, told.times);
      }),
    );
    this.peersKnown = true;
  }

  /**
   * Tells every other shard this one's counted solves: those since the last telling, or all of them when
   * `whole` (after a reload) or when the other misses earlier ones. A failure throws to the flush, whose
   * alarm retries it.
   */
  private async tellPeers(whole: boolean): Promise<void> {
    const { puzzleId } = this.puzzle as PuzzleState;
    const after = whole ? undefined : this.toldThrough;
    const through = this.lastSeq;
    if (after === through) return;
    const since =
      after === undefined
        ? []
        : this.sql
            .exec<{ seq: number; counted_ms: number }>(
              'select seq, counted_ms from solves where counted = 1 and seq > ? order by seq',
              after,
            )
            .toArray()
            .map((r): PeerSolve => [r.seq, r.counted_ms]);
    const from = this.place.shard;
    await Promise.all(
      this.otherShards().map((shard) =>
        callDesk(this.namespace(), shardName(puzzleId, shard), async (board) => {
          if (after !== undefined && (await board.takePeerSolves(from, after, through, since))) return;
          await board.takePeerTimes(from, this.ownTimes());
        }),
      ),
    );
    this.toldThrough = through;
  }

  private ownTimes(): ShardTimes {
    const times: number[] = [];
    for (const seat of this.seats.values()) if (seat.counted) times.push(seat.countedMs);
    return { through: this.lastSeq, times };
  }

  private otherShards(): number[] {
    return allShards(this.place.shards).filter((shard) => shard !== this.place.shard);
  }

  private namespace(): DurableObjectNamespace<PuzzleDesk> {
    const namespace = this.env.PUZZLE_DESK;
    if (!namespace) throw new Error('a sharded board needs its PUZZLE_DESK binding to reach the others');
    // Bound to this class (wrangler.toml); src/env.ts does not name it. See puzzleDesks in ./desks.ts.
    return namespace as unknown as DurableObjectNamespace<PuzzleDesk>;
  }

  /**
   * Shard 0 of several: reported games taken into the puzzle's rating, and the result taken as this board's.
   * The alarm writes them should no flush of this board's own carry them first.
   */
  private async takeReported(games: readonly PendingPuzzleGame[]): Promise<void> {
    const writes = this.ratingWrites();
    const after = await writes.take(games);
    if (after) {
      this.takeRating({
        rating: { rating: after.rating, deviation: after.deviation, volatility: after.volatility },
        establishedGames: after.establishedGames,
      });
    }
    if (writes.waiting) this.setAlarm();
  }

  private ratingWrites(): RatingWrites {
    this.writes ??= new RatingWrites(() => this.db(), (this.puzzle as PuzzleState).puzzleId, undefined);
    return this.writes;
  }

  /**
   * D1's solves and rating of the puzzle, with its rating caught up, replace the board's. Only called with
   * nothing left to flush (at the start, or after a flush under `loading`).
   */
  private async loadFromD1(puzzleId: string, shard: number): Promise<void> {
    const db = this.db();
    const before = await puzzleRatingState(db, puzzleId);
    if (!before) throw new Error(`no puzzle ${puzzleId} for its board`);
    const shards = (await boardShardsOf(db, [puzzleId])).get(puzzleId) ?? 1;
    if (shard >= shards) throw new Error(`${puzzleId} has ${shards} board shards, not a shard ${shard}`);
    // Only shard 0 applies the puzzle's games; another shard plays its next games against D1's rating.
    if (shard === 0) await catchUpPuzzleRating(db, before);
    const state = (await puzzleRatingState(db, puzzleId)) ?? before;
    const solves = (await rankedSolvesOf(db, puzzleId)).filter((s) => shardOf(s.playerId, shards) === shard);
    if (this.unflushed > 0) throw new Error('a board reloads only once D1 has all its solves');
    const puzzle: PuzzleState = {
      puzzleId,
      rating: { rating: state.rating, deviation: state.ratingDeviation, volatility: state.ratingVolatility },
      establishedGames: state.establishedGames,
    };
    this.writes = shard === 0 ? new RatingWrites(() => this.db(), puzzleId, state) : undefined;
    this.ctx.storage.transactionSync(() => {
      this.sql.exec('delete from solves');
      for (const solve of solves) {
        this.sql.exec(
          'insert into solves (seq, player_id, counted_ms, counted, row) values (?, ?, ?, ?, ?)',
          solve.id,
          solve.playerId,
          solve.countedMs ?? 0,
          solve.counted ? 1 : 0,
          JSON.stringify(solve),
        );
      }
      // Every solve here came from D1.
      this.flushedThrough = solves.reduce((last, solve) => Math.max(last, solve.id), 0);
      this.lastSeq = this.flushedThrough;
      this.savePuzzle(puzzle);
      this.sql.exec(
        `insert into board_shard (id, shard, shards) values (1, ?, ?)
         on conflict (id) do update set shard = excluded.shard, shards = excluded.shards`,
        shard,
        shards,
      );
    });
    this.loadMemory();
  }

  /**
   * Saves the puzzle's rating in memory, which every solve the board holds has played, with how far D1 has
   * the solves and D1's rating of the puzzle after them.
   */
  private savePuzzle(puzzle: PuzzleState): void {
    const state = this.stateNow(puzzle);
    this.sql.exec(
      `insert into puzzle (id, puzzle_id, rating, established_games, through_seq, flushed_through, flushed_rating)
       values (1, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set rating = excluded.rating, established_games = excluded.established_games,
         through_seq = excluded.through_seq, flushed_through = excluded.flushed_through,
         flushed_rating = excluded.flushed_rating`,
      puzzle.puzzleId,
      JSON.stringify(state.rating),
      state.establishedGames,
      this.lastSeq,
      state.flushedThrough,
      state.flushedRating && JSON.stringify(state.flushedRating),
    );
    this.markUnsaved = false;
  }

  /** What a restart would resume from now, but for how far the rating has played (SavedState's `throughSeq`). */
  private stateNow(puzzle: PuzzleState): Omit<SavedState, 'throughSeq'> {
    return {
      rating: puzzle.rating,
      establishedGames: puzzle.establishedGames,
      flushedThrough: this.flushedThrough,
      flushedRating: this.writes?.stored ?? null,
    };
  }

  /**
   * Appends a new solve and answers its arrival number. The first after a flush carries the watermark that
   * flush moved, with the puzzle's rating before this solve's game (SavedState).
   */
  private insertSolve(row: LiveSolveRow, ownGame: OwnGameRating | null): number {
    const seq = this.lastSeq + 1;
    const mark = this.markUnsaved ? this.stateNow(this.puzzle as PuzzleState) : null;
    this.sql.exec(
      'insert into solves (seq, player_id, counted_ms, counted, row, own_game, mark) values (?, ?, ?, ?, ?, ?, ?)',
      seq,
      row.playerId,
      row.countedMs ?? 0,
      row.counted ? 1 : 0,
      JSON.stringify(row),
      ownGame && JSON.stringify(ownGame),
      mark && JSON.stringify(mark),
    );
    this.lastSeq = seq;
    this.markUnsaved = false;
    return seq;
  }

  /** Keeps a new solve in memory for the flush, unless more wait than memory keeps. */
  private wait(solve: WaitingSolve): void {
    if (this.waiting && this.waiting.length < WAITING_IN_MEMORY) this.waiting.push(solve);
    else this.waiting = null;
  }

  /** The next batch of solves D1 does not have, from memory or, when it holds too few, from storage. */
  private nextBatch(): WaitingSolve[] {
    if (this.waiting) return this.waiting.slice(0, FLUSH_ROWS);
    return this.sql
      .exec<{ seq: number; row: string; own_game: string | null }>(
        'select seq, row, own_game from solves where seq > ? order by seq limit ?',
        this.flushedThrough,
        FLUSH_ROWS,
      )
      .toArray()
      .map((p) => ({
        seq: p.seq,
        row: JSON.parse(p.row) as LiveSolveRow,
        ownGame: p.own_game ? (JSON.parse(p.own_game) as OwnGameRating) : null,
      }));
  }

  /** A stored solve's fields (one read by its arrival number) and where it stands now. */
  private answer(seat: Seat, repeated: boolean): BoardAnswer {
    const stored = this.sql.exec<{ row: string }>('select row from solves where seq = ?', seat.seq).one();
    return {
      repeated,
      solve: answeredFieldsOf(JSON.parse(stored.row) as LiveSolveRow | RankedSolveFields),
      rank: this.rankOf(seat),
      solvers: this.times.total + this.peers.total,
    };
  }

  /** 1 + the counted solves ahead of a stored one: faster, or as fast and earlier (here or on another shard). */
  private rankOf(seat: Seat): number {
    return (
      this.times.aheadOf(seat.countedMs, seat.seq) + this.peers.ahead(seat.countedMs, this.place.shard) + 1
    );
  }

  /** Counted solves faster than `ms`, from memory. */
  private countBelow(ms: number): number {
    return this.times.below(ms);
  }

  /**
   * The counted time of the k-th counted solve in time order, this shard's and the others' together: the
   * bucket the k-th falls in (this shard's tree alone when it has no others, else a binary search over both
   * trees), then the exact times in it, from memory.
   */
  private kthMs(k: number): number | null {
    if (k < 1 || k > this.times.total + this.peers.total) return null;
    const bucket = this.peers.total === 0 ? (this.times.find(k)?.bucket ?? 0) : this.mergedBucketOf(k);
    const own = this.times.timesIn(bucket);
    const inBucket = [...own, ...this.peers.timesIn(bucket)].sort((a, b) => a - b);
    return inBucket[k - 1 - (this.times.before(bucket) + this.peers.before(bucket))] ?? null;
  }

  /** The first bucket that k of this shard's and the others' counted solves together reach. */
  private mergedBucketOf(k: number): number {
    const upTo = (bucket: number) => this.times.before(bucket + 1) + this.peers.before(bucket + 1);
    let low = 0;
    for (let high = this.times.seconds - 1; low < high; ) {
      const middle = (low + high) >> 1;
      if (upTo(middle) >= k) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private scheduleFlush(): void {
    if (this.unflushed >= FLUSH_ROWS && Date.now() >= this.flushRetryAt) {
      // Not awaited: the answer does not wait for D1. A failure leaves the rows to the alarm.
      this.flush().catch((error: unknown) => {
        this.flushRetryAt = Date.now() + FLUSH_RETRY_MS;
        log('error', 'board flush failed', errorFields(error));
      });
    }
    this.setAlarm();
  }

  private setAlarm(): void {
    if (this.alarmSet) return;
    this.alarmSet = true;
    void this.ctx.storage.setAlarm(Date.now() + FLUSH_DELAY_MS);
  }

  private async flushAll(): Promise<number> {
    const puzzle = this.puzzle;
    if (!puzzle) return 0;
    const db = this.db();
    let copied = 0;
    // Until nothing is left unflushed, solves that arrived during a batch's trip included.
    while (this.unflushed > 0) {
      const pending = this.nextBatch();
      const last = pending.at(-1);
      if (!last) break;
      const batch = this.copyBatch(db, puzzle.puzzleId, pending);
      this.batchInFlight = batch.catch(() => undefined);
      await batch;
      // Only now is the batch the board's to forget: a failure before this line replays it, adding nothing.
      // The watermark is saved by the next solve, or by the alarm when none comes; a restart before then
      // replays the batch, as a failure would.
      this.flushedThrough = last.seq;
      this.markUnsaved = true;
      this.waiting?.splice(0, pending.length);
      if (this.unflushed === 0) this.waiting = [];
      copied += pending.length;
    }
    if (this.markUnsaved) this.setAlarm();
    await this.writePeak(db, puzzle.puzzleId);
    if (this.place.shards > 1) await this.tellPeers(false);
    // Reports taken while nothing of this board's own was left to carry them; and any taken meanwhile.
    while (this.writes?.waiting) await this.writeReported();
    return copied;
  }

  /** One batch to D1, with the puzzle's rating as this board writes or reports it. */
  private async copyBatch(db: Db, puzzleId: string, pending: readonly WaitingSolve[]): Promise<void> {
    const rows = pending.map((p) => p.row);
    const rating = await this.batchRating();
    const peak = this.peak.unwritten();
    const outcome = await flushLiveSolves(
      db,
      {
        puzzleId,
        // One puzzle, so one kind.
        kind: (rows[0] as LiveSolveRow).kind,
        rows,
        ...rating,
        ownGames: pending.flatMap((p) => (p.ownGame ? [p.ownGame] : [])),
        ...(peak === null ? {} : { peak: peak * this.place.shards }),
      },
      new Date(),
    );
    if (peak !== null) this.peak.wrote(peak);
    await this.afterBatchRating(puzzleId, outcome, rating);
  }

  /**
   * Resolves once the batch this board is copying to D1, if any, is copied and reported to shard 0: what
   * shard 0 waits for when another shard's flush landed before its own batch.
   */
  async batchCopied(): Promise<void> {
    await this.batchInFlight;
  }

  /**
   * Raises the puzzle's busiest minute in D1 when this board's has grown and no batch carried it. Players
   * spread evenly over the shards by their ids' hash, so a shard's busiest minute times K stands for the
   * puzzle's.
   */
  private async writePeak(db: Db, puzzleId: string): Promise<void> {
    const peak = this.peak.unwritten();
    if (peak === null) return;
    await raisePeakSolves(db, puzzleId, peak * this.place.shards);
    this.peak.wrote(peak);
  }

  /**
   * What a batch writes of the puzzle's rating: a lone board applies its games to D1's rating as its last
   * flush left it; shard 0 of several applies first the games the others reported since its last write;
   * another shard writes none.
   */
  private async batchRating(): Promise<BatchRating> {
    if (this.place.shard !== 0) return {};
    const writes = this.ratingWrites();
    const carried = await writes.carried();
    if (!carried) return {};
    const deferConflict = this.place.shards > 1 && writes.mayDefer;
    return { puzzle: carried.state, reported: carried.games, ...(deferConflict && { deferConflict }) };
  }

  /** After a batch: the rating it stored is the next one's start; with shards, shard 0 has all games. */
  private async afterBatchRating(puzzleId: string, outcome: FlushOutcome, wrote: BatchRating): Promise<void> {
    if (this.place.shard === 0) {
      const writes = this.ratingWrites();
      if (outcome.deferred) {
        writes.deferred(outcome.games);
        // The shard whose flush landed first reports it before its batch is done: then one write has all.
        await this.otherBatchesCopied(puzzleId);
      } else writes.written(outcome.puzzle, wrote.puzzle ? (wrote.reported ?? []) : []);
      // A lone board rated every solve as it came, ahead of D1; shard 0 of several rates from D1 and reports.
      if (this.place.shards > 1) await this.takeReported([]);
    } else {
      this.takeRating(
        await callDesk(this.namespace(), shardName(puzzleId, 0), (board) =>
          board.applyPuzzleGames(puzzleId, outcome.games),
        ),
      );
    }
  }

  /**
   * The other shards' batches in flight copied and reported here, or REPORTS_WAIT_MS gone by. Only a wait:
   * a shard that cannot be reached leaves its games to the write's catch-up.
   */
  private async otherBatchesCopied(puzzleId: string): Promise<void> {
    const copied = Promise.all(
      this.otherShards().map((shard) =>
        callDesk(this.namespace(), shardName(puzzleId, shard), (board) => board.batchCopied()),
      ),
    ).catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, REPORTS_WAIT_MS);
    });
    await Promise.race([copied, bound]);
    clearTimeout(timer);
  }

  /** Shard 0 of several: the reported games no batch of its own carried, written on their own. */
  private async writeReported(): Promise<void> {
    await this.ratingWrites().write();
    await this.takeReported([]);
  }

  /**
   * Shard 0's rating after it applied this shard's flushed games: what this shard's next games play against
   * (saved with the flush's watermark).
   */
  private takeRating(applied: AppliedRating): void {
    const puzzle = this.puzzle as PuzzleState;
    puzzle.rating = applied.rating;
    puzzle.establishedGames = applied.establishedGames;
  }

  /**
   * The plain handle, no session: D1 sends its queries to the primary. The board reads D1 only to start
   * from its solves and rating, and to write after them (its flushes, their rating catch-ups), so a replica's
   * older state would start it behind or apply games to a stale rating.
   */
  private db(): Db {
    return createDb(this.env.DB);
  }
}

/** The fields an answer carries, of a solve stored here or started from D1 (whose id is left out). */
function answeredFieldsOf(row: LiveSolveRow | RankedSolveFields): AnsweredFields {
  return {
    playerId: row.playerId,
    status: row.status ?? 'clean',
    counted: row.counted,
    countedMs: row.countedMs ?? 0,
    capped: row.capped ?? false,
    score: row.score ?? 0,
    ratingBefore: row.ratingBefore ?? null,
    ratingAfter: row.ratingAfter ?? null,
    deviationAfter: row.deviationAfter ?? null,
    streakDate: row.streakDate ?? null,
  };
}
