/**
 * Bench-only Worker for `npm run bench -- growth` (never deployed): seeds its local D1 databases fast with
 * SQL that runs inside SQLite, then times the real routes (createApp) and the real queries of src/db against
 * them from inside workerd, and explains every statement they ran. Timings use the Workers clock, which
 * advances on I/O: each figure is the mean of a few back-to-back calls, so sub-millisecond means survive
 * the clock's 1 ms step.
 */

import { createApp } from '../../src/app.js';
import { type PlayerId, playerToken } from '../../src/auth/player-token.js';
import { loadConfig } from '../../src/config.js';
import type { Level } from '../../src/contract/kinds/index.js';
import { addDays, type IsoDate, utcDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { calibrationSamples } from '../../src/db/benchmarks.js';
import { createDb, createSessionDb } from '../../src/db/client.js';
import { earnedPlayers } from '../../src/db/earned-players.js';
import { puzzleBoardPage, puzzleStats } from '../../src/db/leaderboards.js';
import { findPuzzle, listPuzzlesOfDate } from '../../src/db/puzzles.js';
import { insertAttempt, streakDates, submissionState } from '../../src/db/submissions.js';
import type { Env } from '../../src/env.js';
import { longHistoryBar } from '../../src/fairplay/long-history.js';
import { encodeCursor } from '../../src/http/cursor.js';
import { descriptorOf, engineFor, type Kind } from '../../src/kinds/index.js';
import { refreshDate } from '../../src/play/analytics.js';
import {
  CALIBRATION_WINDOW_DAYS,
  calibrateBenchmarks,
  samplesOf,
} from '../../src/play/calibrate-benchmarks.js';
import { histogramEdges } from '../../src/play/histogram.js';
import { calibrationSet } from '../../src/rating/calibration.js';
import { humanLog } from '../../test/support/logs.js';
import {
  dailyPlayerSql,
  GROUP_SIZE,
  groupId,
  HEAVY_FOLLOWER,
  memberOf,
  socialSeedSql,
  TYPICAL_FOLLOWER,
} from './growth-social.js';
import { type RankedSubmission, rankedSubmission, submissionHeaders } from './ranked-submission.js';

interface BenchEnv extends Omit<Env, 'DB'> {
  DB1: D1Database;
  DB30: D1Database;
  DB365: D1Database;
}

const PLAYERS = 10_000;
/** The most samples calibration reads per kind and level (MAX_SAMPLES of src/play/calibrate-benchmarks.ts). */
const CALIBRATION_SAMPLE_LIMIT = 5000;
/** The id of the one token every bench player holds (a `player_tokens` row), so its bearer tokens verify. */
const TOKEN_ID = 'growth-bench-tok';
/** Player ids are UUID-shaped so real player tokens verify: the index in the last group. */
const PLAYER_ID_SQL = (expr: string, group: string) => `printf('00000000-0000-4000-${group}-%012d', ${expr})`;
/** A seeded player's deviation in every kind, from its rowid (player i has rowid i + 1). */
const DEVIATION_SQL = (rowid: string) => `(60 + (${rowid}) % 250)`;
/** Established as src/rating/standing.ts has it, for a seeded player with enough games on enough dates. */
const ESTABLISHED_DEVIATION = 230;
const playerId = (i: number, group = '8000') =>
  `00000000-0000-4000-${group}-${String(i).padStart(12, '0')}` as PlayerId;

const app = createApp();

function database(env: BenchEnv, name: string): D1Database {
  if (name === 'DB1' || name === 'DB30' || name === 'DB365') return env[name];
  throw new Error(`no database ${name}`);
}

function appEnv(env: BenchEnv, d1: D1Database): Env {
  return { ...env, DB: d1 };
}

/** The hot puzzle is p = 0: sudoku easy of the newest date (see `prepare`). */
async function hotPuzzle(d1: D1Database): Promise<{ id: string; date: string; kind: string; level: string }> {
  const row = await d1
    .prepare('select id, date, kind, level from bench_order where p = 0')
    .first<{ id: string; date: string; kind: string; level: string }>();
  if (!row) throw new Error('not prepared');
  return row;
}

/**
 * The day's puzzles made by the real generator, then copied to earlier dates; players, their groups,
 * follows and board visibility (bench/support/growth-social.ts), and ratings.
 */
async function prepare(env: BenchEnv, d1: D1Database, days: number, hot: IsoDate): Promise<unknown> {
  const config = loadConfig(appEnv(env, d1));
  const outcome = await generateDate(
    { db: createDb(d1), salt: config.puzzleSalt, now: () => new Date() },
    hot,
    'admin',
  );
  const columns =
    'date, kind, level, seed, engine_version, puzzle_json, public_json, answer_json, difficulty_json, ' +
    'meta_json, benchmark_seconds, rating, rating_deviation, rating_volatility, created_at';
  if (days > 1) {
    await d1
      .prepare(
        `with recursive k(i) as (select 1 union all select i + 1 from k where i < ?2)
         insert or ignore into puzzles (id, ${columns})
         select replace(p.id, ?1, date(?1, '-' || k.i || ' days')), date(?1, '-' || k.i || ' days'),
                ${columns.split(', ').slice(1).join(', ')}
         from puzzles p, k where p.date = ?1`,
      )
      .bind(hot, days - 1)
      .run();
  }
  // Submissions fill puzzles in this order, all players per puzzle: sudoku easy of the newest date first,
  // then the same kind and level on earlier dates, so a player's history spans many dates.
  await d1.batch([
    d1.prepare('drop table if exists bench_order'),
    d1.prepare('create table if not exists bench_progress (seeded integer not null)'),
    d1.prepare('delete from bench_progress'),
    d1.prepare('insert into bench_progress values (0)'),
    d1.prepare(
      'create table bench_order (p integer primary key, id text, date text, kind text, level text, bench real)',
    ),
    d1.prepare(
      `insert into bench_order select row_number() over (order by kind <> 'sudoku', kind, level, date desc) - 1,
       id, date, kind, level, benchmark_seconds from puzzles`,
    ),
    d1
      .prepare(
        `with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ?1)
         insert or ignore into players (id, display_name, created_at)
         select ${PLAYER_ID_SQL('i', '8000')}, 'Player ' || i, '2026-01-01T00:00:00.000Z' from n`,
      )
      .bind(PLAYERS),
    d1.prepare(
      `insert or ignore into player_tokens (player_id, id, created_at, via)
       select id, '${TOKEN_ID}', created_at, 'register' from players`,
    ),
    ...socialSeedSql(PLAYERS, (expr) => PLAYER_ID_SQL(expr, '8000')).map((q) => d1.prepare(q)),
    // Ratings of every kind with no game applied yet (`settle` fills games, rated_through and established
    // once submissions exist); deviations 60-309, so about two thirds can be established (RD < 230).
    d1.prepare(
      `insert or ignore into player_ratings (player_id, kind, rating, deviation, volatility, games, updated_at)
       select p.id, k.kind, 1000 + (p.rowid * 7919 + length(k.kind) * 104729) % 1500, ${DEVIATION_SQL('p.rowid')},
              0.06, 0, '2026-01-01T00:00:00.000Z'
       from players p, (select distinct kind from puzzles) k`,
    ),
  ]);
  const count = await d1.prepare('select count(*) as n from puzzles').first<{ n: number }>();
  return { generation: outcome, puzzles: count?.n ?? 0 };
}

/**
 * Submissions `from` ≤ i < `to`: player i mod 10,000 on puzzle p = ⌊i / 10,000⌋ mod P; every tenth is a
 * wrong attempt (unranked), the rest ranked with a spread of times from 30 s to 30 min, filled as the live
 * flow stores a clean solve: counted, its streak date, the frozen game inputs (opponent, weights) and its
 * evidence. A solve is by an established player when the player's deviation is under the bound.
 */
async function seed(d1: D1Database, from: number, to: number): Promise<unknown> {
  const count = await d1.prepare('select count(*) as n from bench_order').first<{ n: number }>();
  const puzzles = count?.n ?? 0;
  if (to > PLAYERS * puzzles)
    throw new Error(`${to} submissions exceed ${PLAYERS} players × ${puzzles} puzzles`);
  // Progress is stored with the rows, so a retried request continues where the last one ended.
  const progress = await d1.prepare('select seeded from bench_progress').first<{ seeded: number }>();
  const start = Math.max(from, progress?.seeded ?? 0);
  if (start >= to) return { inserted: 0 };
  const time = '(30000 + (n.i * 2654435761) % 1770000)';
  const ranked = '(n.i % 10 <> 9)';
  const deviation = DEVIATION_SQL(`n.i % ${PLAYERS} + 1`);
  const established = `(${ranked} and ${deviation} < ${ESTABLISHED_DEVIATION})`;
  // src/rating/standing.ts puzzleWeight: 0 for a provisional solver, 1 at RD 80 down to 0.25 at RD 230.
  const puzzleWeight = `case when ${established} then 1 - 0.75 * min(1, max(0, (${deviation} - 80) / 150.0)) else 0 end`;
  const evidence = `json_object('entries', 46, 'firstMs', 4000, 'lastMs', ${time} - 1200, 'serverMs', ${time} + 300,
    'countedMs', ${time}, 'fastGaps', 0, 'burstMs', ${time} * 0.7, 'gapSpread', 9.5, 'floorMs', 23000)`;
  const [result] = await d1.batch([
    d1
      .prepare(
        `with recursive n(i) as (select ?1 union all select i + 1 from n where i + 1 < ?2)
         insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked,
           reason, elapsed_ms, counted_ms, capped, benchmark_seconds, score, rating_before, deviation_before,
           rating_after, deviation_after, status, counted, established, streak_date, opponent_rating,
           opponent_deviation, puzzle_weight, player_weight, evidence)
         select o.id, o.date, o.kind, o.level, ${PLAYER_ID_SQL(`n.i % ${PLAYERS}`, '8000')},
                o.date || 'T12:00:00.000Z', ${ranked}, ${ranked},
                case when ${ranked} then null else 'bench: wrong' end, ${time},
                case when ${ranked} then ${time} end, 0, o.bench,
                case when ${ranked} then 1.0 / (1 + (${time} / (o.bench * 1000.0)) * (${time} / (o.bench * 1000.0))) end,
                1500, ${deviation}, 1510, ${deviation} - 1,
                case when ${ranked} then 'clean' end, ${ranked}, ${established},
                case when ${ranked} then o.date end,
                case when ${ranked} then 1200 + (o.p * 7919) % 600 end,
                case when ${ranked} then max(60, 500 - n.i % ${PLAYERS}) end,
                case when ${ranked} then ${puzzleWeight} end,
                case when ${ranked} then case when n.i % ${PLAYERS} < 12 then 0.5 else 1 end end,
                case when ${ranked} then ${evidence} end
         from n join bench_order o on o.p = (n.i / ${PLAYERS}) % ?3`,
      )
      .bind(start, to, puzzles),
    d1.prepare('update bench_progress set seeded = ?').bind(to),
  ]);
  return { inserted: result?.meta.changes, sizeBytes: result?.meta.size_after };
}

/**
 * After seeding, the ratings as a live database has them: every counted game applied (rated_through), the
 * version bumped once per game, and players established by the rule of src/rating/standing.ts (5 games on
 * 3 dates, RD under 230); puzzles with their games and their established solvers' games counted.
 */
async function settle(d1: D1Database): Promise<unknown> {
  const t0 = Date.now();
  await d1.batch([
    d1.prepare(
      `update player_ratings set (games, rated_through, version) = (
         select count(*), coalesce(max(s.id), 0), count(*) from submissions s
         where s.player_id = player_ratings.player_id and s.kind = player_ratings.kind and s.counted = 1)`,
    ),
    d1.prepare(
      `update player_ratings set established = (games >= 5 and deviation < ${ESTABLISHED_DEVIATION} and (
         select count(distinct s.puzzle_date) from submissions s
         where s.player_id = player_ratings.player_id and s.kind = player_ratings.kind and s.counted = 1) >= 3)
       where games >= 5`,
    ),
    d1.prepare(
      `update puzzles set (rated_through, rating_version, established_games, games) = (
         select coalesce(max(s.id), 0), count(*), coalesce(sum(s.established), 0), count(*) from submissions s
         where s.puzzle_id = puzzles.id and s.counted = 1)`,
    ),
  ]);
  const established = await d1
    .prepare(
      `select count(distinct player_id) as n, (select count(distinct player_id) from player_ratings where games > 0) as players
       from player_ratings where established = 1`,
    )
    .first<{ n: number; players: number }>();
  return { ms: Date.now() - t0, established: established?.n ?? 0, players: established?.players ?? 0 };
}

interface Recorded {
  sql: string;
  params: unknown[];
}

interface Recorder {
  d1: D1Database;
  log: Recorded[];
  /** D1 calls made: each statement run or batch is one round trip to the database. */
  trips: number;
}

const RUNS = new Set<PropertyKey>(['first', 'all', 'run', 'raw']);

/** A D1 binding that notes every statement prepared through it (and its parameters) and counts round trips. */
function recording(d1: D1Database): Recorder {
  const recorder: Recorder = { d1, log: [], trips: 0 };
  recorder.d1 = recordInto(d1, recorder);
  return recorder;
}

function recordInto(d1: D1Database, recorder: Recorder): D1Database {
  const targets = new WeakMap<object, D1PreparedStatement>();
  const entries = new WeakMap<object, Recorded>();
  const record = (entry: Recorded) => {
    if (!recorder.log.includes(entry)) recorder.log.push(entry);
  };
  const wrap = (statement: D1PreparedStatement, entry: Recorded): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') {
          return (...params: unknown[]) => {
            const bound = { sql: entry.sql, params };
            record(bound);
            return wrap(target.bind(...params), bound);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (RUNS.has(prop)) {
          recorder.trips++;
          record(entry);
        }
        return value.bind(target);
      },
    });
    targets.set(proxy, statement);
    entries.set(proxy, entry);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') {
        // A statement is recorded once bound or run: one only prepared (drizzle prepares the statements it
        // builds, which the app may then bind anew) ran nothing.
        return (sql: string) => wrap(target.prepare(sql), { sql, params: [] });
      }
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          recorder.trips++;
          for (const s of statements) {
            const entry = entries.get(s);
            if (entry) record(entry);
          }
          return target.batch(statements.map((s) => targets.get(s) ?? s));
        };
      }
      if (prop === 'withSession') {
        // A session's statements and round trips are recorded like the database's own.
        return (start?: string) => recordInto(target.withSession(start) as unknown as D1Database, recorder);
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface Op {
  name: string;
  /** The median the operation must stay within, when it has a target of its own. */
  targetMs?: number;
  /** One call; `i` counts calls, for operations that need a fresh player each time. */
  call(d1: D1Database, i: number): Promise<void>;
}

/** The database the operations ran against, as the bench process prints it. */
export interface MeasuredStats {
  submissions: number;
  /** Counted solves of the hot puzzle. */
  solvers: number;
  puzzles: number;
  /** Dates a daily player has counted solves on. */
  days: number;
  /** Players established in the hot puzzle's kind. */
  established: number;
  calibration?: { inWindow: number; inWindowDates: number; read: number; readDates: number; kept: number };
  social?: SocialStats;
}

/** The social graph around the players the social routes are timed for. */
export interface SocialStats {
  /** Members of the timed group with a counted solve of the hot puzzle. */
  groupSolvers: number;
  /** Players the two timed followers follow. */
  typicalFollows: number;
  heavyFollows: number;
  /** All follows, memberships, and players by board visibility. */
  follows: number;
  memberships: number;
  visibility: Record<string, number>;
  /** The daily player's submissions and the solvers of the puzzles on its first history page, summed. */
  dailySubmissions: number;
  dailyDates: number;
  firstPageSolvers: number;
  deepPageSolvers: number;
  /** Counted solves of the hot date (what the daily board ranks). */
  hotDateSolves: number;
}

/** One operation's timings, as the bench process reads them back (bench/growth.ts). */
export interface OpResult {
  name: string;
  targetMs?: number;
  medianMs: number;
  p90Ms: number;
  calls: number;
  trips: number;
  failures: string[];
  statements: { sql: string; plan: string[] }[];
}

const BATCH = 5;

async function timeOp(d1: D1Database, op: Op, batches: number, offset: number): Promise<OpResult> {
  const failures: string[] = [];
  const recorder = recording(d1);
  try {
    await op.call(recorder.d1, offset);
  } catch (e) {
    failures.push(String(e));
  }
  const means: number[] = [];
  let i = offset + 1;
  for (let b = 0; b < batches; b++) {
    const t0 = Date.now();
    for (let k = 0; k < BATCH; k++) {
      try {
        await op.call(d1, i++);
      } catch (e) {
        if (failures.length < 3) failures.push(String(e));
      }
    }
    means.push((Date.now() - t0) / BATCH);
  }
  means.sort((a, b) => a - b);
  const statements: { sql: string; plan: string[] }[] = [];
  const seen = new Set<string>();
  for (const entry of recorder.log) {
    if (seen.has(entry.sql)) continue;
    seen.add(entry.sql);
    const plan = await d1
      .prepare(`explain query plan ${entry.sql}`)
      .bind(...entry.params)
      .all<{ detail: string }>();
    statements.push({ sql: entry.sql, plan: plan.results.map((r) => r.detail) });
  }
  return {
    name: op.name,
    ...(op.targetMs === undefined ? {} : { targetMs: op.targetMs }),
    medianMs: means[Math.floor(means.length / 2)] ?? Number.NaN,
    p90Ms: means[Math.min(means.length - 1, Math.floor(means.length * 0.9))] ?? Number.NaN,
    calls: batches * BATCH,
    trips: recorder.trips,
    failures,
    statements,
  };
}

async function expectOk(res: Response, status = 200): Promise<void> {
  const body = await res.text();
  if (res.status !== status) throw new Error(`${res.status}: ${body.slice(0, 200)}`);
}

/**
 * How long before the timed part the submitting players' sessions started (their first fetch): a counted
 * time of about 20 minutes ranks a solve about two thirds down the hot board (seeded times run from 30 s to
 * 30 min), as the same bench placed it before sessions, so the count of solves ahead costs the same.
 */
const SESSION_AGE_MS = 20 * 60_000;
/** When the last move of their logs was entered, after the session's start. */
const LOG_END_MS = 18 * 60_000;

/** Players of `group` with indexes from ≤ i < to, each with a session of the puzzle started SESSION_AGE_MS ago. */
async function playersWithSessions(
  d1: D1Database,
  group: string,
  from: number,
  to: number,
  puzzleId: string,
) {
  const now = Date.now();
  const players = `with recursive n(i) as (select ?1 union all select i + 1 from n where i + 1 < ?2)`;
  await d1.batch([
    d1
      .prepare(
        `${players} insert or ignore into players (id, display_name, created_at)
         select ${PLAYER_ID_SQL('i', group)}, null, ?3 from n`,
      )
      .bind(from, to, new Date(now - SESSION_AGE_MS - 60_000).toISOString()),
    d1
      .prepare(
        `${players} insert or ignore into player_tokens (player_id, id, created_at, via)
         select ${PLAYER_ID_SQL('i', group)}, '${TOKEN_ID}', ?3, 'register' from n`,
      )
      .bind(from, to, new Date(now - SESSION_AGE_MS - 60_000).toISOString()),
    d1
      .prepare(
        `${players} insert or ignore into play_sessions (player_id, puzzle_id, started_at, time_zone)
         select ${PLAYER_ID_SQL('i', group)}, ?3, ?4, null from n`,
      )
      .bind(from, to, puzzleId, now - SESSION_AGE_MS),
  ]);
}

/**
 * Gives players of `group` a history in the hot puzzle's kind: a clean solve of each of up to five other
 * puzzles of the kind, all applied to an established rating (RD 100), as a regular has before today.
 */
async function establish(d1: D1Database, group: string, from: number, to: number, kind: string) {
  const players = `with recursive n(i) as (select ?1 union all select i + 1 from n where i + 1 < ?2)`;
  await d1.batch([
    d1
      .prepare(
        `${players} insert or ignore into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at,
           valid, ranked, elapsed_ms, counted_ms, benchmark_seconds, score, rating_before, deviation_before,
           rating_after, deviation_after, status, counted, established, streak_date, opponent_rating,
           opponent_deviation, puzzle_weight, player_weight)
         select o.id, o.date, o.kind, o.level, ${PLAYER_ID_SQL('n.i', group)}, o.date || 'T12:00:00.000Z',
                1, 1, 600000, 600000, o.bench, 0.5, 1600, 100, 1600, 100, 'clean', 1, 1, o.date, 1500, 80, 1, 1
         from n, bench_order o where o.kind = ?3 and o.p between 1 and 5`,
      )
      .bind(from, to, kind),
    d1
      .prepare(
        `${players} insert or ignore into player_ratings (player_id, kind, rating, deviation, volatility, games,
           rated_through, version, established, updated_at)
         select ${PLAYER_ID_SQL('n.i', group)}, ?3, 1600, 100, 0.06, count(s.id), coalesce(max(s.id), 0),
                count(s.id), 1, '2026-01-01T00:00:00.000Z'
         from n left join submissions s on s.player_id = ${PLAYER_ID_SQL('n.i', group)} and s.counted = 1
         group by n.i`,
      )
      .bind(from, to, kind),
  ]);
}

async function measure(
  env: BenchEnv,
  d1: D1Database,
  batches: number,
  fresh: number,
  only: string | null,
): Promise<unknown> {
  const config = loadConfig(appEnv(env, d1));
  const hot = await hotPuzzle(d1);
  const path = `${hot.date}/${hot.kind}/${hot.level}`;
  const stats = await d1
    .prepare(
      `select (select count(*) from submissions) as submissions,
              (select count(*) from submissions where puzzle_id = ?1 and counted = 1) as solvers,
              (select count(*) from puzzles) as puzzles,
              (select count(distinct puzzle_date) from submissions where player_id = ?2 and counted = 1) as days,
              (select count(*) from player_ratings where kind = ?3 and established = 1) as established`,
    )
    .bind(hot.id, playerId(1), hot.kind)
    .first<MeasuredStats>();
  const solvers = stats?.solvers ?? 0;
  const needed = batches * BATCH + 1;
  // Solvers from the middle of the hot board: the leaderboard "me", the cursor and the repeated solves.
  const middle = (
    await d1
      .prepare(
        `select id, player_id, counted_ms from submissions where puzzle_id = ? and counted = 1
         order by counted_ms, id limit ? offset ?`,
      )
      .bind(hot.id, needed, Math.max(0, Math.floor(solvers / 2) - Math.floor(needed / 2)))
      .all<{ id: number; player_id: string; counted_ms: number }>()
  ).results;
  const me = middle[Math.floor(middle.length / 2)];
  const middleToken = me ? await playerToken(config.tokenSecret, me.player_id as PlayerId, TOKEN_ID) : '';
  const deepCursor = me ? encodeCursor({ countedMs: me.counted_ms, id: me.id }) : '';

  const puzzle = await d1
    .prepare('select puzzle_json, answer_json from puzzles where id = ?')
    .bind(hot.id)
    .first<{ puzzle_json: string; answer_json: string }>();
  const solution = JSON.parse(puzzle?.answer_json ?? 'null') as unknown;
  const engine = engineFor(hot.kind as Kind);
  const steps = engine.stepsTo(engine.parsePuzzle(JSON.parse(puzzle?.puzzle_json ?? 'null')), solution);
  const logOf = (k: number) => humanLog(steps, { endMs: LOG_END_MS, seed: fresh + k + 1 });

  // New players (no rating yet) and established regulars of the kind, each making its first ranked solve
  // of the hot puzzle through a session started SESSION_AGE_MS ago, with a log entered at a person's pace.
  await playersWithSessions(d1, '9000', fresh, fresh + needed, hot.id);
  await playersWithSessions(d1, 'a000', fresh, fresh + needed, hot.id);
  await establish(d1, 'a000', fresh, fresh + needed, hot.kind);
  const submitters = async (group: string) => {
    const ready: RankedSubmission[] = [];
    for (let k = 0; k < needed; k++) {
      ready.push(
        await rankedSubmission(config.tokenSecret, {
          playerId: playerId(fresh + k, group),
          puzzleId: hot.id,
          solution,
          log: logOf(k),
          elapsedMs: SESSION_AGE_MS,
          tokenId: TOKEN_ID,
        }),
      );
    }
    return ready;
  };
  const newPlayers = await submitters('9000');
  const regulars = await submitters('a000');
  const repeaters: RankedSubmission[] = [];
  for (const [k, row] of middle.entries()) {
    repeaters.push(
      await rankedSubmission(config.tokenSecret, {
        playerId: row.player_id as PlayerId,
        puzzleId: hot.id,
        solution,
        log: logOf(k),
        elapsedMs: SESSION_AGE_MS,
        tokenId: TOKEN_ID,
      }),
    );
  }

  const get =
    (url: string, headers: Record<string, string> = {}, status = 200) =>
    async (db: D1Database) =>
      expectOk(await app.request(url, { headers }, appEnv(env, db)), status);
  const post =
    (ready: readonly RankedSubmission[], offset: number, expected: readonly string[]) =>
    async (db: D1Database, i: number) => {
      const s = ready[i - offset];
      if (!s) throw new Error('out of prepared submissions');
      const res = await app.request(
        `/v1/puzzles/${path}/submissions`,
        {
          method: 'POST',
          headers: submissionHeaders(s, i),
          body: s.body,
        },
        appEnv(env, db),
      );
      const text = await res.text();
      if (res.status !== 200 || expected.some((e) => !text.includes(e)))
        throw new Error(`${res.status} ${text.slice(0, 200)}`);
    };
  const ops: Op[] = [
    {
      name: 'baseline: `select 1` through D1',
      call: async (db) => void (await db.prepare('select 1').first()),
    },
    { name: 'baseline: app route without D1 (404)', call: get('/v1/nothing', {}, 404) },
    // One round trip holding as many statements as a first ranked submission's read (10) and write (8)
    // batches: what the statements themselves cost here, before any table is touched.
    ...[10, 8].map((n) => ({
      name: `baseline: one batch of ${n} \`select 1\``,
      call: async (db: D1Database) =>
        void (await db.batch(Array.from({ length: n }, () => db.prepare('select 1')))),
    })),
    { name: 'GET leaderboard, first page (50)', call: get(`/v1/leaderboards/${path}?limit=50`) },
    {
      name: 'GET leaderboard, page at the median (50)',
      call: get(`/v1/leaderboards/${path}?limit=50&cursor=${deepCursor}`),
    },
    {
      name: "GET leaderboard with the caller's rank",
      call: get(`/v1/leaderboards/${path}?limit=50`, { Authorization: `Bearer ${middleToken}` }),
    },
    { name: 'GET stats of a puzzle', call: get(`/v1/puzzles/${path}/stats`) },
    { name: 'GET one puzzle (anonymous; served from memory)', call: get(`/v1/puzzles/${path}`) },
    { name: "GET a date's puzzles (served from memory)", call: get(`/v1/puzzles/${hot.date}`) },
    {
      name: 'one puzzle from D1, past the memory (db)',
      call: async (db) => void (await findPuzzle(createDb(db), hot.id)),
    },
    {
      name: "a date's puzzles from D1, past the memory (db)",
      call: async (db) => void (await listPuzzlesOfDate(createDb(db), hot.date)),
    },
    { name: 'GET rating leaderboard (50)', call: get(`/v1/leaderboards/ratings/${hot.kind}?limit=50`) },
    {
      name: "GET rating leaderboard with the caller's rank",
      call: get(`/v1/leaderboards/ratings/${hot.kind}?limit=50`, { Authorization: `Bearer ${middleToken}` }),
    },
    {
      name: 'streak dates of a daily player (db)',
      call: async (db) => void (await streakDates(createDb(db), playerId(1))),
    },
    {
      name: 'board page + stats through a D1 session (db)',
      call: async (db) => {
        const session = createSessionDb(db);
        await puzzleBoardPage(session.db, hot.id, {
          after: null,
          limit: 50,
          viewerId: null,
          scope: { kind: 'global' },
        });
        await puzzleStats(session.db, hot.id, histogramEdges(120), null);
      },
    },
    {
      name: "a first ranked submission's read batch alone (db)",
      call: async (db, i) =>
        void (await submissionState(
          createDb(db),
          hot.id,
          { playerId: playerId(i, '9000'), tokenId: TOKEN_ID },
          hot.kind as Kind,
          hot.level as Level,
          {
            signals: new Date(Date.now() - 30 * 86_400_000).toISOString(),
            history: new Date(Date.now() - 30 * 86_400_000).toISOString(),
          },
        )),
    },
    {
      // What an uncached global board page adds for its top 10 rows: ten players' long-history checks.
      name: "the top 10's evidence check of ten players (db)",
      call: async (db, i) =>
        void (await earnedPlayers(
          createDb(db),
          Array.from({ length: 10 }, (_, k) => playerId(i * 10 + k)),
          longHistoryBar('2026-01-01', new Date()),
        )),
    },
    {
      name: 'POST first ranked submission, new player (session + log + ratings + rank + streak)',
      call: post(newPlayers, fresh, ['"repeated":false', '"verdict":"clean"']),
    },
    {
      name: 'POST first ranked submission, established player of the kind',
      call: post(regulars, fresh, ['"repeated":false', '"verdict":"clean"', '"provisional":false']),
    },
    {
      name: 'POST a repeated solve (its stored result, rank, solvers, streak)',
      call: post(repeaters, fresh, ['"repeated":true']),
    },
    {
      name: 'single-row insert (a wrong attempt)',
      call: async (db) =>
        insertAttempt(createDb(db), {
          puzzleId: hot.id,
          puzzleDate: hot.date,
          kind: hot.kind as Kind,
          level: hot.level as Level,
          playerId: playerId(2),
          createdAt: new Date().toISOString(),
          valid: false,
          reason: 'bench',
          elapsedMs: 1000,
        }),
    },
    {
      name: `calibrate every benchmark over ${CALIBRATION_WINDOW_DAYS} days (db)`,
      call: async (db) =>
        void (await calibrateBenchmarks(createDb(db), new Date(), { firstDay: '2026-01-01' })),
    },
  ];
  ops.push({
    name: `calibration samples of ${hot.kind} ${hot.level} alone (db)`,
    call: async (db) =>
      void (await calibrationSamples(
        createDb(db),
        hot.kind as Kind,
        hot.level as Level,
        ...calibrationRead(),
      )),
  });
  // The analytics' aggregates of the 30 dates up to the hot one, as the daily cron keeps them, so that the
  // route below reads a month of rows (issue #43: at most 50 ms of D1 time for a 30-day page).
  const hotDate = hot.date as IsoDate;
  for (let back = 0; back < 30; back++) await refreshDate(createDb(d1), addDays(hotDate, -back), new Date());
  const adminHeaders = { Authorization: `Bearer ${config.adminToken}` };
  ops.push(
    {
      name: "recompute one date's analytics aggregates (db)",
      call: async (db) => void (await refreshDate(createDb(db), hotDate, new Date())),
    },
    {
      name: 'GET analytics, 30 days',
      targetMs: ANALYTICS_TARGET_MS,
      call: get(`/v1/admin/analytics?from=${addDays(hotDate, -29)}&to=${hotDate}`, adminHeaders),
    },
  );
  const social = await socialOps(env, d1, hot);
  ops.push(...social.ops);
  const results: OpResult[] = [];
  // GROWTH_OPS: only the operations whose names contain it are timed (the baselines always are).
  const timed = ops.filter((op) => only === null || op.name.includes(only) || op.name.startsWith('baseline'));
  for (const op of timed) {
    const perPlayer = op.name.startsWith('POST') || op.name.includes('read batch');
    results.push(await timeOp(d1, op, batches, perPlayer ? fresh : 0));
  }
  return { stats: { ...stats, ...(await calibrationInput(d1, hot)), social: social.stats }, results };
}

/** The daily player whose history and stats are timed: a bench player outside the 10,000 of the seed. */
const DAILY_PLAYER = playerId(0, 'c000');
/** How many puzzles of the bench order the daily player has solved (a year of sudoku easy at 365 days). */
const DAILY_PUZZLES = 400;
/**
 * The depth of the deeper history page: a cursor this many submissions down, where the page's puzzles still
 * have every seeded player as a solver at 1M submissions (the newest 100 dates of sudoku easy).
 */
const HISTORY_DEPTH = 60;
const PAGE = 50;
/** What `GET /v1/players/me/history` returns without `limit` (LimitQuery of src/http/cursor.ts). */
const HISTORY_DEFAULT_PAGE = 20;
const SOCIAL_READ_TARGET_MS = 10;
/** Issue #43: a 30-day analytics page answers within 50 ms of D1 time at 365 days · 1M submissions. */
const ANALYTICS_TARGET_MS = 50;
const SOCIAL_SUMMARY_TARGET_MS = 20;

/** A timed GET of the app that must answer 200 with a body that passes `check` (what makes the figure mean something). */
function getChecked(env: BenchEnv, url: string, token: string | null, check: (body: string) => boolean) {
  return async (db: D1Database) => {
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const res = await app.request(url, { headers }, appEnv(env, db));
    const body = await res.text();
    if (res.status !== 200 || !check(body)) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  };
}

/**
 * The routes of players as people, each with a seeded player's token: scoped puzzle and rating boards, the
 * daily board, the daily player's history and stats, and the profile of a followers-only player seen by a
 * player that follows it back (made so here; an anonymous viewer is checked to get 404).
 */
async function socialOps(
  env: BenchEnv,
  d1: D1Database,
  hot: { id: string; date: string; kind: string; level: string },
): Promise<{ ops: Op[]; stats: SocialStats }> {
  const config = loadConfig(appEnv(env, d1));
  const token = (id: PlayerId) => playerToken(config.tokenSecret, id, TOKEN_ID);
  const groupViewer = playerId(memberOf(0, 0, PLAYERS));
  const typical = playerId(TYPICAL_FOLLOWER);
  const heavy = playerId(HEAVY_FOLLOWER);
  const target = await d1
    .prepare(
      `select id from players where board_visibility = 'followers' and id like '00000000-0000-4000-8000-%'
       and id <> ?1 order by rowid limit 1`,
    )
    .bind(typical)
    .first<{ id: string }>();
  if (!target) throw new Error('no followers-only player seeded');
  const at = '2026-01-01T00:00:00.000Z';
  await d1.batch([
    d1
      .prepare(`insert or ignore into players (id, display_name, created_at) values (?1, 'Daily', ?2)`)
      .bind(DAILY_PLAYER, at),
    d1
      .prepare(
        `insert or ignore into player_tokens (player_id, id, created_at, via) values (?1, '${TOKEN_ID}', ?2, 'register')`,
      )
      .bind(DAILY_PLAYER, at),
    d1.prepare(dailyPlayerSql()).bind(DAILY_PLAYER, DAILY_PUZZLES),
    d1
      .prepare(
        `insert or ignore into follows (follower_id, followee_id, created_at) values (?1, ?2, ?3), (?2, ?1, ?3)`,
      )
      .bind(typical, target.id, at),
  ]);
  const anonymous = await app.request(`/v1/players/${target.id}`, {}, appEnv(env, d1));
  if (anonymous.status !== 404)
    throw new Error(`a followers-only profile answered ${anonymous.status} to anyone`);

  const deep = await d1
    .prepare(
      `select id from submissions where player_id = ?1 order by id desc limit 1
       offset min(?2, (select count(*) - 1 from submissions where player_id = ?1))`,
    )
    .bind(DAILY_PLAYER, HISTORY_DEPTH)
    .first<{ id: number }>();
  const deepCursor = encodeCursor({ before: deep?.id ?? 0 });
  const groupToken = await token(groupViewer);
  const typicalToken = await token(typical);
  const heavyToken = await token(heavy);
  const dailyToken = await token(DAILY_PLAYER);
  const path = `${hot.date}/${hot.kind}/${hot.level}`;
  const group = `group:${groupId(0)}`;
  const withMe = (body: string) => body.includes('"me":{');
  const withEntries = (body: string) => body.includes('"entries":[{');
  const read = (name: string, url: string, who: string, check: (body: string) => boolean): Op => ({
    name,
    targetMs: SOCIAL_READ_TARGET_MS,
    call: getChecked(env, url, who, check),
  });
  const summary = (name: string, url: string, who: string | null, check: (body: string) => boolean): Op => ({
    name,
    targetMs: SOCIAL_SUMMARY_TARGET_MS,
    call: getChecked(env, url, who, check),
  });
  const board = `/v1/leaderboards/${path}?limit=${PAGE}`;
  const ratings = `/v1/leaderboards/ratings/${hot.kind}?limit=${PAGE}`;
  const daily = `/v1/leaderboards/${hot.date}/daily?limit=${PAGE}`;
  const history = `/v1/players/me/history?limit=${PAGE}`;
  const ops: Op[] = [
    read(
      `GET puzzle board (${PAGE}), scope a group of ${GROUP_SIZE}`,
      `${board}&scope=${group}`,
      groupToken,
      withMe,
    ),
    read(
      `GET puzzle board (${PAGE}), scope following (a typical follower)`,
      `${board}&scope=following`,
      typicalToken,
      withMe,
    ),
    read(
      `GET puzzle board (${PAGE}), scope following (500 follows)`,
      `${board}&scope=following`,
      heavyToken,
      withMe,
    ),
    read(
      `GET rating board (${PAGE}), scope a group of ${GROUP_SIZE}`,
      `${ratings}&scope=${group}`,
      groupToken,
      withEntries,
    ),
    read(
      `GET rating board (${PAGE}), scope following (500 follows)`,
      `${ratings}&scope=following`,
      heavyToken,
      withEntries,
    ),
    summary(`GET daily board (${PAGE}), global, anonymous`, daily, null, withEntries),
    summary(`GET daily board (${PAGE}), global, with the caller's place`, daily, groupToken, withMe),
    summary(
      `GET daily board (${PAGE}), scope a group of ${GROUP_SIZE}`,
      `${daily}&scope=${group}`,
      groupToken,
      withMe,
    ),
    summary(
      `GET daily board (${PAGE}), scope following (500 follows)`,
      `${daily}&scope=following`,
      heavyToken,
      withMe,
    ),
    // The route's own page (no `limit`), then a page of PAGE rows: each counted row counts its solves ahead.
    ...[
      { rows: HISTORY_DEFAULT_PAGE, url: '/v1/players/me/history' },
      { rows: PAGE, url: history },
    ].flatMap(({ rows, url }) => [
      read(`GET history, first page (${rows}), a daily player`, url, dailyToken, withEntries),
      read(
        `GET history, a page ${HISTORY_DEPTH} submissions deep (${rows})`,
        `${url}${url.includes('?') ? '&' : '?'}cursor=${deepCursor}`,
        dailyToken,
        withEntries,
      ),
    ]),
    read(
      `GET history of one kind and level (${PAGE}), sudoku expert`,
      `${history}&kind=sudoku&level=expert`,
      dailyToken,
      withEntries,
    ),
    summary('GET stats of the daily player, 30 days', '/v1/players/me/stats', dailyToken, (b) =>
      b.includes('"levels":[{'),
    ),
    summary('GET stats of the daily player, 366 days', '/v1/players/me/stats?days=366', dailyToken, (b) =>
      b.includes('"levels":[{'),
    ),
    summary(
      'GET stats of the daily player, one kind, 366 days',
      '/v1/players/me/stats?kind=sudoku&days=366',
      dailyToken,
      (b) => b.includes('"levels":[{'),
    ),
    read(
      'GET a followers-only player (viewer follows it back)',
      `/v1/players/${target.id}`,
      typicalToken,
      (b) => b.includes(target.id),
    ),
  ];
  return {
    ops,
    stats: await socialStats(d1, hot, { groupViewer, typical, heavy, deepBefore: deep?.id ?? 0 }),
  };
}

/** What the social operations ran against, for the bench's report. */
async function socialStats(
  d1: D1Database,
  hot: { id: string; date: string },
  who: { groupViewer: string; typical: string; heavy: string; deepBefore: number },
): Promise<SocialStats> {
  const pageSolvers = `(select coalesce(sum((select count(*) from submissions o where o.puzzle_id = h.puzzle_id and o.counted = 1)), 0)
    from (select puzzle_id from submissions where player_id = ?1 and id < ?2 order by id desc limit ${PAGE}) h)`;
  const row = await d1
    .prepare(
      `select (select count(*) from group_members m join submissions s on s.player_id = m.player_id
                and s.puzzle_id = ?3 and s.counted = 1 where m.group_id = ?4) as groupSolvers,
              (select count(*) from follows where follower_id = ?5) as typicalFollows,
              (select count(*) from follows where follower_id = ?6) as heavyFollows,
              (select count(*) from follows) as follows,
              (select count(*) from group_members) as memberships,
              (select count(*) from submissions where player_id = ?1) as dailySubmissions,
              (select count(distinct puzzle_date) from submissions where player_id = ?1 and counted = 1) as dailyDates,
              ${pageSolvers.replace('?2', '1e18')} as firstPageSolvers,
              ${pageSolvers} as deepPageSolvers,
              (select count(*) from submissions where puzzle_date = ?7 and counted = 1) as hotDateSolves`,
    )
    .bind(DAILY_PLAYER, who.deepBefore, hot.id, groupId(0), who.typical, who.heavy, hot.date)
    .first<Omit<SocialStats, 'visibility'>>();
  const visibility = await d1
    .prepare('select board_visibility as v, count(*) as n from players group by board_visibility')
    .all<{ v: string; n: number }>();
  if (!row) throw new Error('no social stats');
  return { ...row, visibility: Object.fromEntries(visibility.results.map((r) => [r.v, r.n])) };
}

/**
 * The dates calibration reads today and the samples it takes from each, as src/play/calibrate-benchmarks.ts
 * has them: the window's days and the next one (UTC+14), newest first, an even share of the limit each.
 */
function calibrationRead(): [string[], number] {
  const today = utcDate(new Date());
  const dates = Array.from({ length: CALIBRATION_WINDOW_DAYS + 2 }, (_, i) => addDays(today, 1 - i));
  return [dates, Math.ceil(CALIBRATION_SAMPLE_LIMIT / dates.length)];
}

/**
 * What calibration of the hot kind and level had to work with: the counted solves of established players
 * in its window, the samples it drew (an even share of CALIBRATION_SAMPLE_LIMIT from each date) and how
 * many one sample per player and the per-day share bound kept of those.
 */
async function calibrationInput(d1: D1Database, hot: { kind: string; level: string }) {
  const [dates, perDate] = calibrationRead();
  const inWindow = await d1
    .prepare(
      `select count(*) as n, count(distinct puzzle_date) as dates from submissions
       where kind = ? and level = ? and puzzle_date >= ? and counted = 1 and established = 1`,
    )
    .bind(hot.kind, hot.level, dates.at(-1))
    .first<{ n: number; dates: number }>();
  const draw = await calibrationSamples(createDb(d1), hot.kind as Kind, hot.level as Level, dates, perDate);
  const { unit } = descriptorOf(hot.kind as Kind).benchmark;
  return {
    calibration: {
      inWindow: inWindow?.n ?? 0,
      inWindowDates: inWindow?.dates ?? 0,
      read: draw.solves.length,
      readDates: new Set(draw.solves.map((s) => s.date)).size,
      kept: calibrationSet(samplesOf(draw, unit)).length,
    },
  };
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    try {
      const params = (await request.json().catch(() => ({}))) as Record<string, string | number>;
      const d1 = url.pathname === '/' ? null : database(env, String(params.db));
      if (!d1) return Response.json({ ok: true });
      if (url.pathname === '/prepare') {
        return Response.json(await prepare(env, d1, Number(params.days), String(params.hot) as IsoDate));
      }
      if (url.pathname === '/seed')
        return Response.json(await seed(d1, Number(params.from), Number(params.to)));
      if (url.pathname === '/settle') return Response.json(await settle(d1));
      if (url.pathname === '/measure') {
        const only = typeof params.only === 'string' && params.only !== '' ? params.only : null;
        return Response.json(await measure(env, d1, Number(params.batches), Number(params.fresh), only));
      }
      return new Response('not found', { status: 404 });
    } catch (e) {
      return Response.json(
        { error: e instanceof Error ? `${e.message}\n${e.stack}` : String(e) },
        { status: 500 },
      );
    }
  },
} satisfies ExportedHandler<BenchEnv>;
