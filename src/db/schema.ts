import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { TokenVia } from '../contract/devices.js';
import type { Felt, ReportReason } from '../contract/feedback.js';
import type { Level } from '../contract/kinds/index.js';
import type { ModeratorRole } from '../contract/moderators.js';
import type { ShareCard } from '../contract/shares.js';
import type { WebhookEventType } from '../contract/webhooks.js';
import type { Difficulty, LogEntry, PuzzleMeta } from '../engines/types.js';
import type { Evidence } from '../fairplay/evidence.js';
import type { ReviewReason } from '../fairplay/verdict.js';
import type { Kind } from '../kinds/index.js';
import { drawKeySql } from './draw-key.js';

/** One row per daily puzzle. Payloads are JSON text; `answer` and `puzzle` stay server-side until the embargo. */
export const puzzles = sqliteTable(
  'puzzles',
  {
    /** `DATE:KIND:LEVEL`. */
    id: text('id').primaryKey(),
    date: text('date').notNull(),
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    /** Engine seed derived from the date and the secret salt; secret until the answers are public. */
    seed: text('seed').notNull(),
    engineVersion: integer('engine_version').notNull(),
    /** Full interchange JSON (colorsort: with its hidden colours); the engine's parsePuzzle reads it back. */
    puzzle: text('puzzle_json', { mode: 'json' }).$type<unknown>().notNull(),
    /** What players see before the embargo (engine.toPublic). */
    publicPuzzle: text('public_json', { mode: 'json' }).$type<unknown>().notNull(),
    answer: text('answer_json', { mode: 'json' }).$type<unknown>().notNull(),
    difficulty: text('difficulty_json', { mode: 'json' }).$type<Difficulty>().notNull(),
    /** Kind-specific facts from the generator (colorsort: proven shortest solution length). */
    meta: text('meta_json', { mode: 'json' }).$type<PuzzleMeta>().notNull().default({}),
    /** Time at which the score is 0.5. */
    benchmarkSeconds: real('benchmark_seconds').notNull(),
    /** The puzzle's own Glicko-2 rating: it "plays" every ranked solver (src/rating/glicko2.ts defaults). */
    rating: real('rating').notNull().default(1500),
    ratingDeviation: real('rating_deviation').notNull().default(500),
    ratingVolatility: real('rating_volatility').notNull().default(0.09),
    /**
     * The last ranked submission whose game the puzzle's rating includes. Games are applied in submission
     * order by whoever comes next (a later submission, or the daily job), so concurrent solves never lose one.
     */
    ratedThrough: integer('rated_through').notNull().default(0),
    /** Games of established solvers in the rating: the puzzle is provisional until there are enough. */
    establishedGames: integer('established_games').notNull().default(0),
    /**
     * Counted solves up to `rated_through`: whoever moves `rated_through` adds the solves it takes in, and
     * any change of a solve's counting resets both (src/db/puzzle-ratings.ts). With the counted solves after
     * `rated_through`, one short index range, it is the puzzle's number of solvers without counting them all.
     */
    games: integer('games').notNull().default(0),
    /** Bumped by every write of the rating: writers compare-and-set on it, so none overwrites another. */
    ratingVersion: integer('rating_version').notNull().default(0),
    /**
     * K, the live board's shard objects (src/live/shards.ts), fixed when the puzzle is made: a player's solve
     * always goes to the shard its id hashes to, so K may never change while the puzzle is ranked.
     */
    boardShards: integer('board_shards').notNull().default(1),
    /**
     * The most ranked solves its boards took in one minute (arrival minutes, UTC), raised at their flushes:
     * the next puzzles of its kind and level are made with enough shards for it (src/daily/board-shards.ts).
     */
    peakSolvesPerMinute: integer('peak_solves_per_minute').notNull().default(0),
    /**
     * Which attempt of the date-derived seed made it (src/daily/seed.ts): 0 as generated, one more each time
     * an owner rerolls it before its date begins anywhere.
     */
    attempt: integer('attempt').notNull().default(0),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [uniqueIndex('puzzles_date_kind_level').on(t.date, t.kind, t.level)],
);

export type GenerationTrigger = 'cron' | 'request' | 'admin';
export type GenerationStatus = 'running' | 'ok' | 'noop' | 'partial' | 'failed';

/** Every attempt to make a date's puzzles, for operators: what ran, when, and what failed. */
export const generationRuns = sqliteTable(
  'generation_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    date: text('date').notNull(),
    trigger: text('trigger').$type<GenerationTrigger>().notNull(),
    startedAt: text('started_at').notNull(),
    finishedAt: text('finished_at'),
    status: text('status').$type<GenerationStatus>().notNull(),
    /** Puzzles inserted by this run. */
    generated: integer('generated').notNull().default(0),
    /** One line per failed puzzle: `kind:level: message`. */
    error: text('error'),
  },
  (t) => [index('generation_runs_date').on(t.date, t.id)],
);

/** Anonymous by default: a player is an id; the bearer token is an HMAC of it, so nothing secret is stored. */
export const players = sqliteTable(
  'players',
  {
    id: text('id').primaryKey(),
    displayName: text('display_name'),
    createdAt: text('created_at').notNull(),
    /** The player's calendar for streaks (IANA name): set by the player, or by their first session's `tz`. */
    timeZone: text('time_zone'),
    /** When the player last changed `timeZone` (changes are limited). */
    timeZoneChangedAt: text('time_zone_changed_at'),
    /** The calendar before that change: its date holds until it ends there (src/daily/calendar-change.ts). */
    timeZonePrevious: text('time_zone_previous'),
    /** Set by a moderator: the player's tokens are refused and none of its solves counts anywhere. */
    bannedAt: text('banned_at'),
    banReason: text('ban_reason'),
    /**
     * When a moderator last took the player off the suspects list (src/fairplay/suspicion.ts): only pace
     * signals after it count.
     */
    suspectClearedAt: text('suspect_cleared_at'),
    /**
     * When a moderator vouched for the player (POST /v1/admin/players/{id}/approve): its solves may take a
     * board's top rows without a long history, and under the elite line its own history is not asked for.
     */
    approvedAt: text('approved_at'),
    /** Who sees the player on boards and its profile: everyone, its mutual follows, or nobody but itself. */
    boardVisibility: text('board_visibility').$type<BoardVisibility>().notNull().default('public'),
    /**
     * Set on the anonymous stand-in that keeps a deleted player's solves (boards and puzzle ratings keep
     * their games); nothing else about the player is kept.
     */
    deletedAt: text('deleted_at'),
  },
  (t) => [
    /** Players made on a date (the analytics' new players). */
    index('players_created').on(t.createdAt),
  ],
);

export type BoardVisibility = 'public' | 'followers' | 'hidden';

/**
 * The bearer tokens a player holds, one per device: a token names its id, so one can be revoked without
 * the others. Nothing secret is stored (a token is an HMAC the server recomputes); a token whose row is
 * missing or revoked is refused.
 */
export const playerTokens = sqliteTable(
  'player_tokens',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    id: text('id').notNull(),
    createdAt: text('created_at').notNull(),
    /**
     * How the device got it: registering, redeeming a link code, the site's account, a token from before
     * token ids, or a read token (POST /v1/players/me/tokens, whose scope the token itself carries, signed).
     */
    via: text('via').$type<TokenVia>().notNull(),
    /** The owner's name for a read token (the widget or site it is for). */
    label: text('label'),
    revokedAt: text('revoked_at'),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.id] })],
);

/**
 * The site account a player is (issue #44): the operator's own id for it, opaque, never in a public answer.
 * A player has at most one, and an account one player: the same external id always finds the same player.
 */
export const playerAccounts = sqliteTable('player_accounts', {
  playerId: text('player_id')
    .primaryKey()
    .references(() => players.id),
  externalId: text('external_id').notNull().unique(),
  /** What made it: `operator:<key name>` or `session:<issuer>`, for the operator's audit. */
  createdBy: text('created_by').notNull(),
  createdAt: text('created_at').notNull(),
});

/** Short single-use codes that give another device a token of the same player (only a hash is kept). */
export const linkCodes = sqliteTable('link_codes', {
  /** SHA-256 of the normalised code. */
  codeHash: text('code_hash').primaryKey(),
  playerId: text('player_id')
    .notNull()
    .references(() => players.id),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
});

/** Who follows whom: boards scoped to `following` show the players one follows. */
export const follows = sqliteTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => players.id),
    followeeId: text('followee_id')
      .notNull()
      .references(() => players.id),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index('follows_followee').on(t.followeeId)],
);

/** A club, an office, a family: a group board ranks its members; new members join with its invite code. */
export const groups = sqliteTable(
  'groups',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => players.id),
    inviteCode: text('invite_code').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('groups_invite_code').on(t.inviteCode), index('groups_owner').on(t.ownerId)],
);

export const groupMembers = sqliteTable(
  'group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    joinedAt: text('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.playerId] }), index('group_members_player').on(t.playerId)],
);

/**
 * The server-kept start of a player's play of a puzzle: the first fetch with a token creates it and every
 * later fetch returns it unchanged, so the clock cannot be restarted after solving.
 */
export const playSessions = sqliteTable(
  'play_sessions',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    /** The `tz` the puzzle was fetched with, if any. */
    timeZone: text('time_zone'),
    /**
     * Colour sort: every hidden unit the reveal route has shown this session (the engine's unit names,
     * ascending), which its ranked solve is held to. Null on sessions from before reveals needed one:
     * those were shown anonymously, unrecorded, so nothing is held against them.
     */
    revealed: text('revealed_json', { mode: 'json' })
      .$type<number[]>()
      .$defaultFn(() => []),
    /** Hints the hint route has given this session: a solve after one is practice (src/play/submit.ts). */
    hints: integer('hints').notNull().default(0),
    /**
     * A keyed hash of the /24 (IPv4) or /48 (IPv6) the session started from, never the address: moderators
     * count a player's distinct networks (src/play/network-tag.ts). Null when unreadable or older.
     */
    network: text('network'),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.puzzleId] }),
    /** A puzzle's sessions: how many started it, and who played a date (the analytics' daily aggregates). */
    index('play_sessions_puzzle').on(t.puzzleId),
  ],
);

/** One Glicko-2 rating per player and kind. */
export const playerRatings = sqliteTable(
  'player_ratings',
  {
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').$type<Kind>().notNull(),
    rating: real('rating').notNull(),
    deviation: real('deviation').notNull(),
    volatility: real('volatility').notNull(),
    /** Counted games in the rating. */
    games: integer('games').notNull(),
    /** The last counted game the rating includes; later ones are applied in order by whoever comes next. */
    ratedThrough: integer('rated_through').notNull().default(0),
    /** Bumped by every write: writers compare-and-set on it, so concurrent solves never lose a game. */
    version: integer('version').notNull().default(0),
    /** Established in this kind after the last game (src/rating/standing.ts): moves puzzles, is on boards. */
    established: integer('established', { mode: 'boolean' }).notNull().default(false),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind] }),
    // In the board's order (rating descending, then id), so a page reads the index in order and stops.
    index('player_ratings_board')
      .on(t.kind, sql`${t.rating} desc`, t.playerId)
      .where(sql`${t.established} = 1`),
  ],
);

/**
 * What became of a ranked solve: judged `clean`, `pending` (faster than its player's history carries) or
 * `flagged` (the log or the floor says no); a moderator makes a pending or flagged one `approved` or
 * `voided`, and may void a clean one.
 */
export type SolveStatus = 'clean' | 'pending' | 'flagged' | 'approved' | 'voided';

/**
 * Every submission. At most one per player and puzzle is `ranked` (the first valid one, enforced by a
 * unique partial index, so concurrent retries cannot both count); wrong solutions stay as attempts. A ranked
 * solve is `counted` (on boards, in statistics, calibration and both ratings) while it is clean or approved
 * and its player is not banned.
 */
export const submissions = sqliteTable(
  'submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    puzzleDate: text('puzzle_date').notNull(),
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    createdAt: text('created_at').notNull(),
    valid: integer('valid', { mode: 'boolean' }).notNull(),
    ranked: integer('ranked', { mode: 'boolean' }).notNull(),
    /** Why the engine rejected the solution; null when valid. */
    reason: text('reason'),
    elapsedMs: integer('elapsed_ms').notNull(),
    /** The client's time capped by what the server saw; null for wrong solutions. */
    countedMs: integer('counted_ms'),
    capped: integer('capped', { mode: 'boolean' }).notNull().default(false),
    /** The puzzle's benchmark when this was counted: the score's; calibration learns from `counted_ms` itself. */
    benchmarkSeconds: real('benchmark_seconds'),
    score: real('score'),
    ratingBefore: real('rating_before'),
    /** The player's deviation before the game: with ratingBefore, the opponent the puzzle's rating plays. */
    deviationBefore: real('deviation_before'),
    ratingAfter: real('rating_after'),
    deviationAfter: real('deviation_after'),
    status: text('status').$type<SolveStatus>(),
    counted: integer('counted', { mode: 'boolean' }).notNull().default(false),
    /** Why a pending or flagged solve waits for a moderator. */
    flags: text('flags', { mode: 'json' }).$type<ReviewReason[]>(),
    /** The figures the verdict was drawn from (src/fairplay/evidence.ts). */
    evidence: text('evidence', { mode: 'json' }).$type<Evidence>(),
    /** The move log, kept for pending and flagged solves so that a moderator can look at it. */
    log: text('log', { mode: 'json' }).$type<LogEntry[]>(),
    /** The puzzle's rating before the game: the opponent the player's rating plays. */
    opponentRating: real('opponent_rating'),
    opponentDeviation: real('opponent_deviation'),
    /** How much the game moves the puzzle (0: a provisional solver) and the player (less: a provisional puzzle). */
    puzzleWeight: real('puzzle_weight'),
    playerWeight: real('player_weight'),
    /** The solver was established in the kind when solving: the solve may teach calibration. */
    established: integer('established', { mode: 'boolean' }).notNull().default(false),
    /** The puzzle's date, when it was solved on that date in the player's own calendar (streaks). */
    streakDate: text('streak_date'),
    /** A solve of a date whose ranking had closed: in the player's history, counted nowhere. */
    practice: integer('practice', { mode: 'boolean' }).notNull().default(false),
    /** The hints its session had used when it was submitted (any makes it practice). */
    hints: integer('hints').notNull().default(0),
    /** The ranked solve hugged its floor, or was elite from a short history: the suspects list's signals. */
    hugsFloor: integer('hugs_floor', { mode: 'boolean' }).notNull().default(false),
    earlyElite: integer('early_elite', { mode: 'boolean' }).notNull().default(false),
    /** The solve ended a run of ever faster solves of its kind and level (src/fairplay/ramp.ts). */
    ramp: integer('ramp', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('submissions_one_ranked').on(t.puzzleId, t.playerId).where(sql`${t.ranked} = 1`),
    index('submissions_puzzle_board').on(t.puzzleId, t.countedMs, t.id).where(sql`${t.counted} = 1`),
    index('submissions_player_streak').on(t.playerId, t.streakDate).where(sql`${t.counted} = 1`),
    /** Calibration's draw: a date's counted solves of established players in random, reproducible order. */
    index('submissions_calibration')
      .on(t.kind, t.level, t.puzzleDate, drawKeySql(t.id, t.puzzleDate))
      .where(sql`${t.counted} = 1 and ${t.established} = 1`),
    /** A puzzle's games not yet in its rating, in order (puzzles.rated_through). */
    index('submissions_puzzle_games').on(t.puzzleId, t.id).where(sql`${t.counted} = 1`),
    /** A player's games of a kind, in order (player_ratings.rated_through; history, standing). */
    index('submissions_player_games').on(t.playerId, t.kind, t.id).where(sql`${t.counted} = 1`),
    /** A player's counted solves of a kind by time: its days of play (src/rating/play-days.ts). */
    index('submissions_player_play_days').on(t.playerId, t.kind, t.createdAt).where(sql`${t.counted} = 1`),
    /** Pending and flagged solves waiting for a moderator. */
    index('submissions_held').on(t.id).where(sql`${t.status} in ('pending', 'flagged')`),
    /** A player's pace signals by time (the suspects list, while it judges the player's next solve). */
    index('submissions_player_signals')
      .on(t.playerId, t.createdAt)
      .where(sql`${t.hugsFloor} = 1 or ${t.earlyElite} = 1 or ${t.ramp} = 1`),
    /** Everyone's pace signals by time (GET /v1/admin/suspects). */
    index('submissions_signals')
      .on(t.createdAt)
      .where(sql`${t.hugsFloor} = 1 or ${t.earlyElite} = 1 or ${t.ramp} = 1`),
    /**
     * A player's ranked paces at one kind and level, newest first (src/fairplay/pace-history.ts), covering
     * what the judging read takes of them: a player's solves lie one a day across the table, so without the
     * columns here (`ranked` too, which SQLite needs to see for a partial index to cover) each of the
     * window's solves is a page of its own to read.
     */
    index('submissions_player_level_paces')
      .on(
        t.playerId,
        t.kind,
        t.level,
        t.id,
        t.status,
        t.createdAt,
        t.countedMs,
        t.benchmarkSeconds,
        t.counted,
        t.ranked,
      )
      .where(sql`${t.ranked} = 1`),
    /** A player's history, newest first. */
    index('submissions_player_history').on(t.playerId, t.id),
    /** A date's daily board: every counted solve of the date by player, with its score (read from the index alone). */
    index('submissions_daily').on(t.puzzleDate, t.playerId, t.score).where(sql`${t.counted} = 1`),
  ],
);

/**
 * The time that scores 0.5, per kind and level: seconds per puzzle, or for colorsort seconds per move of
 * the shortest solution (the original colour-sort game's rating table). Seeded by migration and from each
 * kind's descriptor; calibration moves it.
 */
export const benchmarks = sqliteTable(
  'benchmarks',
  {
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    seconds: real('seconds').notNull(),
    unit: text('unit').$type<'puzzle' | 'move'>().notNull(),
    updatedAt: text('updated_at').notNull(),
    /** The learnt human floor as a multiple of the benchmark (src/fairplay/human-floor.ts); null until learnt. */
    floorRatio: real('floor_ratio'),
    /** The learnt elite line as a multiple of the benchmark (src/fairplay/elite-line.ts); null until learnt. */
    eliteRatio: real('elite_ratio'),
    /**
     * Lines a moderator set below their cold values (PUT /v1/admin/lines/{kind}/{level}), as multiples of
     * the benchmark: learning alone never takes a line under its cold value (src/fairplay/human-floor.ts).
     */
    floorRatioSet: real('floor_ratio_set'),
    eliteRatioSet: real('elite_ratio_set'),
    /**
     * The record pace: the fastest solve a moderator vouched for (an approved solve, or an approved
     * player's counted solve), as a multiple of its benchmark; null until there is one.
     */
    recordRatio: real('record_ratio'),
    /** The newest submission id the last calibration change was based on: no newer sample, no change. */
    calibratedThrough: integer('calibrated_through'),
  },
  (t) => [primaryKey({ columns: [t.kind, t.level] })],
);

/** Every change calibration made to a benchmark, with the evidence. */
export const benchmarkHistory = sqliteTable(
  'benchmark_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    /** The calendar day (UTC) of the change: one day's changes together stay within the daily bound. */
    day: text('day').notNull(),
    oldSeconds: real('old_seconds').notNull(),
    newSeconds: real('new_seconds').notNull(),
    /** The samples' median when the change was made (a trimmed mean in log-time before calibration's dead band). */
    typicalSeconds: real('median_seconds').notNull(),
    samples: integer('samples').notNull(),
    /** Distinct established players the samples came from (null for changes made before it was kept). */
    players: integer('players'),
    limited: integer('limited', { mode: 'boolean' }).notNull(),
    changedAt: text('changed_at').notNull(),
  },
  (t) => [index('benchmark_history_kind_level_day').on(t.kind, t.level, t.day)],
);

export type AdminAction =
  | 'approve'
  | 'approve_player'
  | 'void'
  | 'ban'
  | 'clear'
  | 'generate'
  | 'calibrate'
  | 'resolve_report'
  | 'set_lines'
  | 'add_moderator'
  | 'revoke_moderator'
  | 'reroll'
  | 'add_webhook'
  | 'delete_webhook'
  | 'enable_webhook'
  | 'test_webhook'
  | 'replay_webhook_delivery';

/** Every moderator and operator action: who did what to what, when and why. */
export const adminActions = sqliteTable(
  'admin_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull(),
    action: text('action').$type<AdminAction>().notNull(),
    /** A submission id, a player id or a date, as the action names it. */
    target: text('target').notNull(),
    reason: text('reason'),
    /** What the action changed, e.g. the puzzles whose ratings were re-derived. */
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    /**
     * Who acted: a moderator's id (`owner` for the ADMIN_TOKEN) and its name as it was then, so the log reads
     * the same after a revocation. Null on actions from before moderators had names.
     */
    moderatorId: text('moderator_id'),
    moderatorName: text('moderator_name'),
  },
  // A player's earlier moderation (its id, or its solves' ids) for the evidence view.
  (t) => [index('admin_actions_target').on(t.target, t.id)],
);

/**
 * The named people who run the site besides the ADMIN_TOKEN (the first owner). A token is random and shown
 * once; only its SHA-256 is kept, so the table holds nothing that signs in. Revoked rows stay for the log.
 */
export const moderators = sqliteTable(
  'moderators',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    role: text('role').$type<ModeratorRole>().notNull(),
    /** SHA-256 of the token, base64url. */
    tokenHash: text('token_hash').notNull(),
    createdAt: text('created_at').notNull(),
    /** The owner who made it (`owner` for the ADMIN_TOKEN). */
    createdBy: text('created_by').notNull(),
    revokedAt: text('revoked_at'),
  },
  (t) => [uniqueIndex('moderators_token_hash').on(t.tokenHash)],
);

/**
 * The development test clock (PUT /v1/admin/clock): one row while it is set, how far the service's now runs
 * ahead of the real clock (negative: behind). In D1 so that every isolate and the cron see the same clock;
 * only ever read or written under ENVIRONMENT=development.
 */
export const testClock = sqliteTable('test_clock', {
  /** Always 1: there is one clock. */
  id: integer('id').primaryKey(),
  offsetMs: integer('offset_ms').notNull(),
});

/** A player's vote on a puzzle it solved: one per player and puzzle, changeable. */
export const puzzleVotes = sqliteTable(
  'puzzle_votes',
  {
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    /** 1 (no fun) to 5. */
    fun: integer('fun').notNull(),
    felt: text('felt').$type<Felt>().notNull(),
    votedAt: text('voted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.puzzleId, t.playerId] })],
);

/**
 * A player's report that a puzzle is broken or mislabelled, for the moderators: one per player and puzzle
 * (a second replaces the first and reopens it); open until a moderator resolves it.
 */
export const puzzleReports = sqliteTable(
  'puzzle_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    puzzleId: text('puzzle_id')
      .notNull()
      .references(() => puzzles.id),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    reason: text('reason').$type<ReportReason>().notNull(),
    note: text('note'),
    reportedAt: text('reported_at').notNull(),
    resolvedAt: text('resolved_at'),
  },
  (t) => [
    uniqueIndex('puzzle_reports_one_per_player').on(t.puzzleId, t.playerId),
    index('puzzle_reports_open').on(t.id).where(sql`resolved_at is null`),
  ],
);

/**
 * A browser's Web Push subscription for streak reminders: one per device (the player's token that made
 * it), keyed by the push service's endpoint. The cron reads the rows whose `next_due_at` has come, in that
 * order: each one it handles moves on to its next reminder, so a run that stops leaves the rest due.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    /** The push service's URL for this browser (https): the subscription's identity. */
    endpoint: text('endpoint').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    /** The token (device) that subscribed: a device holds one subscription, and loses it when revoked. */
    tokenId: text('token_id').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which the reminder is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The hour (0–23) of the player's calendar the reminder comes at. */
    hour: integer('hour').notNull(),
    createdAt: text('created_at').notNull(),
    /** When the cron next looks at it (ms since the epoch): the start of the next reminder's hour. */
    nextDueAt: integer('next_due_at').notNull(),
    /** The player's date of the last reminder sent: never a second one on the same date. */
    lastSentDate: text('last_sent_date'),
  },
  (t) => [
    index('push_subscriptions_due').on(t.nextDueAt, t.endpoint),
    uniqueIndex('push_subscriptions_device').on(t.playerId, t.tokenId),
  ],
);

/**
 * A player's share of a date's result: its link code and the card's figures (the chat line and the image are
 * drawn from them), fixed when it was made, so that the card image is the same on every request (served immutable). Revoking deletes the row.
 */
export const shares = sqliteTable(
  'shares',
  {
    /** The unguessable link code (128 random bits, base64url): public, as the link shows it. */
    code: text('code').primaryKey(),
    playerId: text('player_id')
      .notNull()
      .references(() => players.id),
    date: text('date').notNull(),
    /** Both null for a share of the whole day. */
    kind: text('kind').$type<Kind>(),
    level: text('level').$type<Level>(),
    card: text('card', { mode: 'json' }).$type<ShareCard>().notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('shares_player').on(t.playerId, t.createdAt),
    /** A date's share cards (the analytics' daily aggregates). */
    index('shares_date').on(t.date),
  ],
);

/**
 * The game's numbers per date, kind and level (GET /v1/admin/analytics), kept by the daily cron for the
 * last few dates (src/play/analytics.ts), so that a month of them is one short primary-key range however
 * many submissions there are.
 */
export const dailyPuzzleStats = sqliteTable(
  'daily_puzzle_stats',
  {
    date: text('date').notNull(),
    kind: text('kind').$type<Kind>().notNull(),
    level: text('level').$type<Level>().notNull(),
    /** Players who fetched it with a token (a session). */
    started: integer('started').notNull(),
    /** Counted ranked solves (clean or approved, players not banned). */
    solved: integer('solved').notNull(),
    /** Quartiles of the counted times (ms); null without solves. */
    p25Ms: integer('p25_ms'),
    medianMs: integer('median_ms'),
    p75Ms: integer('p75_ms'),
    benchmarkSeconds: real('benchmark_seconds').notNull(),
    /** Hints given over its sessions. */
    hints: integer('hints').notNull(),
    /** Ranked solves waiting for a moderator: pending and flagged. */
    pending: integer('pending').notNull(),
    flagged: integer('flagged').notNull(),
    voters: integer('voters').notNull(),
    /** Mean fun vote (1–5); null without votes. */
    funMean: real('fun_mean'),
    feltEasier: integer('felt_easier').notNull(),
    feltRight: integer('felt_right').notNull(),
    feltHarder: integer('felt_harder').notNull(),
    computedAt: text('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.kind, t.level] })],
);

/** Who played a date, all kinds together: the analytics' players, new and returning. */
export const dailyPlayerStats = sqliteTable('daily_player_stats', {
  date: text('date').primaryKey(),
  /** Players made that day (UTC). */
  newPlayers: integer('new_players').notNull(),
  /** Players with a session of one of the date's puzzles. */
  activePlayers: integer('active_players').notNull(),
  /** Of those, players made before that day. */
  returningPlayers: integer('returning_players').notNull(),
  /** Share cards made of the date's puzzles. */
  sharesMade: integer('shares_made').notNull().default(0),
  /**
   * Players whose streak reached this date (a counted solve on it in their own calendar), by the streak's
   * length then: 1, 2–6, 7–29 and 30 or more days.
   */
  streak1: integer('streak_1').notNull().default(0),
  streak2to6: integer('streak_2_6').notNull().default(0),
  streak7to29: integer('streak_7_29').notNull().default(0),
  streak30up: integer('streak_30_up').notNull().default(0),
  /** Of the players made 1, 7 and 30 days before this date, those who played it (retention by cohort). */
  backAfter1: integer('back_after_1').notNull().default(0),
  backAfter7: integer('back_after_7').notNull().default(0),
  backAfter30: integer('back_after_30').notNull().default(0),
  computedAt: text('computed_at').notNull(),
});

/**
 * Where a site hears of events (src/webhooks). The secret signs every delivery, so it is kept as given out
 * (`whsec_…`): unlike a token, it cannot be stored as a hash. It is shown once, when the endpoint is made.
 */
export const webhookEndpoints = sqliteTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  /** The event types it subscribes to (src/contract/webhooks.ts). */
  events: text('events', { mode: 'json' }).$type<WebhookEventType[]>().notNull(),
  secret: text('secret').notNull(),
  createdAt: text('created_at').notNull(),
  /** Set when it failed for 24 hours (or never, while enabled), with why. */
  disabledAt: text('disabled_at'),
  reason: text('reason'),
  /** The first failed attempt since its last success: 24 hours after it the endpoint is disabled. */
  failingSince: text('failing_since'),
});

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one endpoint: its signed body as first sent, and where its tries stand. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The `webhook-id` header: the same on every try and replay, so a receiver can drop repeats. */
    messageId: text('message_id').notNull().unique(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    createdAt: text('created_at').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    /** When the next try is due; null once delivered or given up. */
    nextAttemptAt: text('next_attempt_at'),
  },
  (t) => [index('webhook_deliveries_endpoint').on(t.endpointId, t.id)],
);

/** Every try of a delivery: the status the endpoint answered, or why there was none, and how long it took. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: text('at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.id)],
);

/**
 * The first answer to a creating POST sent with an `Idempotency-Key` (src/http/idempotency.ts), replayed to
 * a retry of the same request for 24 hours. A row without a status is a request still in flight.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    /** Who sent it: `player:<id>`, or `address:<key>` for a caller without a token. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The answer's status; null while the first request is in flight. */
    status: integer('status'),
    responseBody: text('response_body'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
);
