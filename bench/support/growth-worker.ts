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
import type { IsoDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { createDb, createSessionDb } from '../../src/db/client.js';
import { puzzleBoardPage, puzzleStats } from '../../src/db/leaderboards.js';
import { findPuzzle, listPuzzlesOfDate } from '../../src/db/puzzles.js';
import {
  findRankedSubmission,
  insertAttempt,
  standingAfterSolve,
  streakDates,
} from '../../src/db/submissions.js';
import type { Env } from '../../src/env.js';
import { encodeCursor } from '../../src/http/cursor.js';
import { fasterThan } from '../../src/play/submit.js';
import { type RankedSubmission, rankedSubmission } from './ranked-submission.js';

interface BenchEnv extends Omit<Env, 'DB'> {
  DB1: D1Database;
  DB30: D1Database;
  DB365: D1Database;
}

const PLAYERS = 10_000;
/** Player ids are UUID-shaped so real player tokens verify: the index in the last group. */
const PLAYER_ID_SQL = (expr: string, group: string) => `printf('00000000-0000-4000-${group}-%012d', ${expr})`;
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

/** The day's puzzles made by the real generator, then copied to earlier dates; players and ratings. */
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
      `insert or ignore into player_ratings (player_id, kind, rating, deviation, volatility, games, updated_at)
       select p.id, k.kind, 1000 + (p.rowid * 7919 + length(k.kind) * 104729) % 1500, 60 + p.rowid % 200,
              0.06, (p.rowid * 31 + length(k.kind)) % 60, '2026-01-01T00:00:00.000Z'
       from players p, (select distinct kind from puzzles) k`,
    ),
  ]);
  const count = await d1.prepare('select count(*) as n from puzzles').first<{ n: number }>();
  return { generation: outcome, puzzles: count?.n ?? 0 };
}

/**
 * Submissions `from` ≤ i < `to`: player i mod 10,000 on puzzle p = ⌊i / 10,000⌋ mod P; every tenth is a
 * wrong attempt (unranked), the rest ranked with a spread of times from 30 s to 30 min.
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
  const [result] = await d1.batch([
    d1
      .prepare(
        `with recursive n(i) as (select ?1 union all select i + 1 from n where i + 1 < ?2)
         insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked,
           reason, elapsed_ms, counted_ms, capped, benchmark_seconds, score, rating_before, deviation_before,
           rating_after, deviation_after)
         select o.id, o.date, o.kind, o.level, ${PLAYER_ID_SQL(`n.i % ${PLAYERS}`, '8000')},
                o.date || 'T12:00:00.000Z', ${ranked}, ${ranked},
                case when ${ranked} then null else 'bench: wrong' end, ${time},
                case when ${ranked} then ${time} end, 0, o.bench,
                case when ${ranked} then 1.0 / (1 + (${time} / (o.bench * 1000.0)) * (${time} / (o.bench * 1000.0))) end,
                1500, 210, 1510, 200
         from n join bench_order o on o.p = (n.i / ${PLAYERS}) % ?3`,
      )
      .bind(start, to, puzzles),
    d1.prepare('update bench_progress set seeded = ?').bind(to),
    // Seeded games count as already rated, as in a live database, where each solve applies the ones before it.
    d1.prepare(
      `update puzzles set rated_through = coalesce((select max(s.id) from submissions s
         where s.puzzle_id = puzzles.id and s.ranked = 1), 0)`,
    ),
  ]);
  return { inserted: result?.meta.changes, sizeBytes: result?.meta.size_after };
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
  const wrap = (statement: D1PreparedStatement, entry: Recorded): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind') {
          return (...params: unknown[]) => {
            entry.params = params;
            return wrap(target.bind(...params), entry);
          };
        }
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (RUNS.has(prop)) recorder.trips++;
        return value.bind(target);
      },
    });
    targets.set(proxy, statement);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          const entry: Recorded = { sql, params: [] };
          recorder.log.push(entry);
          return wrap(target.prepare(sql), entry);
        };
      }
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          recorder.trips++;
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

interface Op {
  name: string;
  /** One call; `i` counts calls, for operations that need a fresh player each time. */
  call(d1: D1Database, i: number): Promise<void>;
}

/** One operation's timings, as the bench process reads them back (bench/growth.ts). */
export interface OpResult {
  name: string;
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

async function measure(env: BenchEnv, d1: D1Database, batches: number, fresh: number): Promise<unknown> {
  const config = loadConfig(appEnv(env, d1));
  const hot = await hotPuzzle(d1);
  const path = `${hot.date}/${hot.kind}/${hot.level}`;
  const stats = await d1
    .prepare(
      `select (select count(*) from submissions) as submissions,
              (select count(*) from submissions where puzzle_id = ?1 and ranked = 1) as solvers,
              (select count(*) from puzzles) as puzzles,
              (select count(distinct puzzle_date) from submissions where player_id = ?2 and ranked = 1) as days`,
    )
    .bind(hot.id, playerId(1))
    .first<{ submissions: number; solvers: number; puzzles: number; days: number }>();
  const solvers = stats?.solvers ?? 0;
  // A solver in the middle of the hot board: the leaderboard "me" and rank/percentile figures use them.
  const middle = await d1
    .prepare(
      `select id, player_id, counted_ms from submissions where puzzle_id = ? and ranked = 1
       order by counted_ms, id limit 1 offset ?`,
    )
    .bind(hot.id, Math.floor(solvers / 2))
    .first<{ id: number; player_id: string; counted_ms: number }>();
  const middleToken = middle ? await playerToken(config.tokenSecret, middle.player_id as PlayerId) : '';
  const deepCursor = middle ? encodeCursor({ countedMs: middle.counted_ms, id: middle.id }) : '';

  // Fresh players for the submissions: each call is a first, ranked solve of the hot puzzle.
  const answer = await d1
    .prepare('select answer_json from puzzles where id = ?')
    .bind(hot.id)
    .first<{ answer_json: string }>();
  const solution = JSON.parse(answer?.answer_json ?? 'null') as unknown;
  const needed = batches * BATCH + 1;
  await d1
    .prepare(
      `with recursive n(i) as (select ?1 union all select i + 1 from n where i + 1 < ?2)
       insert or ignore into players (id, display_name, created_at)
       select ${PLAYER_ID_SQL('i', '9000')}, null, ?3 from n`,
    )
    .bind(fresh, fresh + needed, new Date().toISOString())
    .run();
  const submitters: RankedSubmission[] = [];
  for (let k = 0; k < needed; k++) {
    submitters.push(
      await rankedSubmission(config.tokenSecret, playerId(fresh + k, '9000'), hot.id, solution),
    );
  }

  const get =
    (url: string, headers: Record<string, string> = {}, status = 200) =>
    async (db: D1Database) =>
      expectOk(await app.request(url, { headers }, appEnv(env, db)), status);
  const ops: Op[] = [
    {
      name: 'baseline: `select 1` through D1',
      call: async (db) => void (await db.prepare('select 1').first()),
    },
    { name: 'baseline: app route without D1 (404)', call: get('/v1/nothing', {}, 404) },
    { name: 'GET leaderboard, first page (50)', call: get(`/v1/leaderboards/${path}?limit=50`) },
    {
      name: 'GET leaderboard, page at the median (50)',
      call: get(`/v1/leaderboards/${path}?limit=50&cursor=${deepCursor}`),
    },
    {
      name: "GET leaderboard with the caller's rank",
      call: get(`/v1/leaderboards/${path}?limit=50`, { Authorization: `Bearer ${middleToken}` }),
    },
    {
      name: 'a repeated solve: its rank, solvers and streak dates (db)',
      call: async (db) => {
        const mine = await findRankedSubmission(createDb(db), hot.id, middle?.player_id ?? '');
        if (!mine) throw new Error('no ranked solve');
        const r = await standingAfterSolve(createDb(db), {
          puzzleId: hot.id,
          countedMs: mine.countedMs ?? 0,
          id: mine.id,
          playerId: mine.playerId,
          kind: mine.kind,
        });
        fasterThan(r.rank, r.total);
      },
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
        await puzzleStats(session.db, hot.id, 30_000, 10);
      },
    },
    {
      name: 'POST submission (check + write + ratings + rank + streak)',
      call: async (db, i) => {
        const s = submitters[i - fresh];
        if (!s) throw new Error('out of fresh players');
        const res = await app.request(
          `/v1/puzzles/${path}/submissions`,
          {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${s.token}`,
              'content-type': 'application/json',
              // Players come from many addresses; one address would meet the per-address limit (429).
              'CF-Connecting-IP': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
            body: s.body,
          },
          appEnv(env, db),
        );
        const text = await res.text();
        if (res.status !== 200 || !text.includes('"repeated":false'))
          throw new Error(`${res.status} ${text.slice(0, 200)}`);
      },
    },
    {
      name: 'single-row insert (a wrong attempt)',
      call: async (db) =>
        insertAttempt(createDb(db), {
          puzzleId: hot.id,
          puzzleDate: hot.date,
          kind: hot.kind as 'sudoku',
          level: hot.level as 'easy',
          playerId: playerId(2),
          createdAt: new Date().toISOString(),
          valid: false,
          reason: 'bench',
          elapsedMs: 1000,
        }),
    },
  ];
  const results: OpResult[] = [];
  for (const op of ops) {
    results.push(await timeOp(d1, op, batches, op.name.startsWith('POST') ? fresh : 0));
  }
  return { stats, results };
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
      if (url.pathname === '/measure') {
        return Response.json(await measure(env, d1, Number(params.batches), Number(params.fresh)));
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
