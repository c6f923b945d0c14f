/**
 * Growth: how the hot reads and a submission grow with submissions (1k, 100k, 1M over 10,000 players) and
 * days of puzzles (1, 30, 365), in local D1 databases inside workerd (bench/support/growth-worker.ts bundled by
 * wrangler and served through Miniflare on loopback, temporary storage). The worker seeds with SQL that runs inside
 * SQLite, times the real routes and src/db queries from inside the runtime, and returns the query plan of
 * every statement they ran; this file prints the tables. Baselines of the same run: a bare `select 1`
 * through D1 and an app route that touches no database.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../src/db/schema.js';
import type { MeasuredStats, OpResult } from './support/growth-worker.js';
import { median, ms, table } from './support/stats.js';
import {
  applyMigrations,
  ROOT,
  removeDir,
  serveWorker,
  snapshotWorker,
  tempDir,
} from './support/wrangler.js';

const CONFIG = path.join(ROOT, 'bench/support/growth.wrangler.toml');
const PLAYERS = 10_000;
const SIZES = [1_000, 100_000, 1_000_000] as const;
const DATABASES = [
  { binding: 'DB1', days: 1 },
  { binding: 'DB30', days: 30 },
  { binding: 'DB365', days: 365 },
] as const;
/** `GROWTH_DAYS=365` measures only the databases of those days (comma-separated); all by default. */
const CHOSEN_DAYS = process.env.GROWTH_DAYS?.split(',').map(Number);
/**
 * `GROWTH_SIZES=1000` seeds and measures only those sizes (comma-separated, each one of SIZES); all by
 * default. A quick look on a shared machine: the tables then report the largest size chosen.
 */
const CHOSEN_SIZES = process.env.GROWTH_SIZES?.split(',').map(Number);
/** `GROWTH_OPS=analytics` times only the operations whose names contain it (and the baselines). */
const CHOSEN_OPS = process.env.GROWTH_OPS ?? '';
/** `GROWTH_JSON=<file>` also writes every stage's figures, statements and plans there, whole. */
const JSON_OUT = process.env.GROWTH_JSON;
/** Statements are shown up to this many characters in the plan tables. */
const SQL_SHOWN = 150;
const SEED_CHUNK = 100_000;
const BATCHES = 20;
const READ_TARGET_MS = 10;
const SUBMIT_TARGET_MS = 20;
const CALIBRATION_TARGET_MS = 200;
/** The first ranked submission (of a new player): its round trips must stay at one read and one write. */
const FIRST_SUBMISSION = 'POST first ranked submission, new player';

interface Measured {
  stats: MeasuredStats;
  results: OpResult[];
}

interface Stage {
  days: number;
  size: number;
  measured: Measured;
}

/**
 * POSTs to the bench worker, retrying twice after a dropped connection: seeding and preparing are
 * idempotent, and a retried measurement uses new players.
 */
async function post<T>(url: string, body: Record<string, unknown>, attempt = 0): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
  } catch (error) {
    if (attempt >= 2) throw new Error(`${url} ${JSON.stringify(body)}: ${String(error)}`);
    const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
    console.error(`retrying ${url} after ${String(error)}${cause}`);
    const again = typeof body.fresh === 'number' ? { ...body, fresh: body.fresh + 1_000_000 } : body;
    return post<T>(url, again, attempt + 1);
  }
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 2000)}`);
  return JSON.parse(text) as T;
}

/** Tables read whole on purpose: one row per kind and level (calibration visits every benchmark). */
const WHOLE_TABLES = new Set(['benchmarks']);
const TABLES: readonly string[] = Object.values(schema).flatMap((t: unknown) =>
  is(t, SQLiteTable) ? [getTableName(t)] : [],
);

/**
 * Whether a plan's `SCAN <name>` reads a table of the schema (by its name or an alias the statement gives
 * it), or the bench's own row generators and a statement's own CTE or subquery, whose source has plan
 * steps of its own.
 */
function scansTable(sql: string, name: string): boolean {
  if (TABLES.includes(name)) return true;
  const alias = new RegExp(`\\b"?(${TABLES.join('|')})"?\\s+(as\\s+)?"?${name}"?(\\s|,|\\)|$)`, 'i');
  return alias.test(sql);
}

/** A plan step that reads a whole table or sorts in a temporary b-tree is what an index should prevent. */
function planVerdict(sql: string, plan: readonly string[]): string {
  const scanned = (d: string) => /^SCAN (\S+)/.exec(d)?.[1];
  const whole = plan.filter((d) => WHOLE_TABLES.has(scanned(d) ?? ''));
  if (whole.length > 0) return `indexed where it matters (${whole.join('; ')}: one row per kind and level)`;
  const scans = plan.filter((d) => {
    const name = scanned(d);
    return name !== undefined && scansTable(sql, name);
  });
  const sorts = plan.filter((d) => d.includes('TEMP B-TREE'));
  if (scans.length > 0) return `**full scan** (${scans.join('; ')})`;
  if (sorts.length > 0) return `indexed, sorts (${sorts.join('; ')})`;
  return 'indexed';
}

/** An operation's verdict: its worst statement's (a scan before a sort before an index search alone). */
function opVerdict(op: OpResult): string {
  const verdicts = op.statements.map((st) => planVerdict(st.sql, st.plan));
  return (
    verdicts.find((v) => v.startsWith('**full scan')) ??
    verdicts.find((v) => v.startsWith('indexed, sorts')) ??
    verdicts.find((v) => v.startsWith('indexed where')) ??
    'indexed'
  );
}

/** The same stage's `select 1` through D1: what one round trip to the local database costs here. */
function tripMs(stage: Stage): number {
  return stage.measured.results.find((r) => r.name.startsWith('baseline: `select 1`'))?.medianMs ?? 0;
}

/** One row per distinct statement the operations ran, with its plan and whether an index served it. */
function planTable(results: readonly OpResult[]): string {
  const seen = new Map<string, string[]>();
  for (const r of results) for (const st of r.statements) if (!seen.has(st.sql)) seen.set(st.sql, st.plan);
  const rows = [...seen].map(([sql, plan]) => [
    `\`${shortSql(sql)}\``,
    plan.join('; ').replace(/\|/g, '\\|') || '(no table access)',
    planVerdict(sql, plan),
  ]);
  return table(['statement', 'plan', 'verdict'], rows);
}

function shortSql(sql: string): string {
  return sql.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, SQL_SHOWN).replace(/\|/g, '\\|');
}

export async function run(): Promise<void> {
  const dir = tempDir('bench-growth');
  const state = tempDir('bench-growth-state');
  const stages: Stage[] = [];
  const seedTimes: string[] = [];
  const hot = new Date().toISOString().slice(0, 10);
  try {
    const config = await snapshotWorker(CONFIG, dir);
    const databases = DATABASES.filter((db) => !CHOSEN_DAYS || CHOSEN_DAYS.includes(db.days));
    for (const db of databases) await applyMigrations(config, db.binding, state);
    const server = await serveWorker(config, state);
    try {
      let fresh = 0;
      for (const db of databases) {
        const t0 = performance.now();
        const prepared = await post<{ puzzles: number; generation: unknown }>(`${server.url}/prepare`, {
          db: db.binding,
          days: db.days,
          hot,
        });
        seedTimes.push(
          `${db.days} day(s): ${prepared.puzzles} puzzles (one real day generated, copied to earlier dates), ` +
            `${PLAYERS} players and their ratings in ${ms((performance.now() - t0) / 1000)} s`,
        );
        let have = 0;
        for (const size of SIZES.filter((n) => CHOSEN_SIZES === undefined || CHOSEN_SIZES.includes(n))) {
          if (size > PLAYERS * prepared.puzzles) {
            seedTimes.push(
              `${db.days} day(s), ${size} submissions: skipped (more than one per player and puzzle)`,
            );
            continue;
          }
          const s0 = performance.now();
          let bytes = 0;
          while (have < size) {
            const to = Math.min(size, have + SEED_CHUNK);
            const seeded = await post<{ sizeBytes?: number }>(`${server.url}/seed`, {
              db: db.binding,
              from: have,
              to,
            });
            bytes = seeded.sizeBytes ?? bytes;
            have = to;
          }
          const settled = await post<{ ms: number; established: number; players: number }>(
            `${server.url}/settle`,
            { db: db.binding },
          );
          const seeded = (performance.now() - s0) / 1000;
          const measured = await post<Measured>(`${server.url}/measure`, {
            db: db.binding,
            batches: BATCHES,
            fresh,
            only: CHOSEN_OPS,
          });
          fresh += BATCHES * 5 + 1;
          stages.push({ days: db.days, size, measured });
          seedTimes.push(
            `${db.days} day(s), ${size} submissions: seeded and ratings settled in ${ms(seeded)} s (settling ` +
              `${ms(settled.ms / 1000)} s; database ${Math.round(bytes / 1e6)} MB), then measured (hot puzzle: ` +
              `${measured.stats.solvers} counted solvers; a daily player: ${measured.stats.days} dates; ` +
              `established in the hot kind: ${measured.stats.established} of ${settled.players} players with games)`,
          );
        }
      }
    } catch (error) {
      console.error(`workerd said: ${server.output()}`);
      throw error;
    } finally {
      await server.stop();
    }
  } finally {
    removeDir(dir);
    removeDir(state);
  }
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(stages, null, 1));
  report(stages, seedTimes);
}

function report(stages: Stage[], seedTimes: string[]): void {
  const biggest = stages.at(-1);
  if (!biggest) throw new Error('no stage measured');
  console.log(
    `workerd through Miniflare (local D1), loopback; each figure is the median over ${BATCHES} means of 5 ` +
      'back-to-back calls, timed inside the Worker. Time for the query itself: the Worker and D1 run in ' +
      'one process here, so no network round trip to the database is included.\n',
  );
  console.log(seedTimes.map((s) => `- ${s}`).join('\n'));

  console.log(
    `\n### At the largest size: ${biggest.measured.stats.submissions} submissions, ${PLAYERS} players, ` +
      `${biggest.days} days of puzzles\n`,
  );
  const targetOf = (name: string, own?: number) =>
    own !== undefined
      ? `≤ ${own}`
      : name.startsWith('baseline') || name.includes('insert')
        ? ''
        : name.startsWith('POST')
          ? `≤ ${SUBMIT_TARGET_MS}`
          : name.startsWith('calibrat')
            ? `≤ ${CALIBRATION_TARGET_MS}`
            : `≤ ${READ_TARGET_MS}`;
  const trip = tripMs(biggest);
  console.log(
    table(
      [
        'operation',
        'median ms',
        'p90 ms',
        'target',
        'D1 round trips',
        'beyond the round trips, ms',
        'failures',
      ],
      biggest.measured.results.map((r) => [
        r.name,
        ms(r.medianMs),
        ms(r.p90Ms),
        targetOf(r.name, r.targetMs),
        String(r.trips),
        r.name.startsWith('baseline') ? '' : ms(Math.max(0, r.medianMs - r.trips * trip)),
        r.failures.length > 0 ? r.failures.join('; ').slice(0, 200) : '0',
      ]),
    ),
  );
  const submit = biggest.measured.results.find((r) => r.name.startsWith(FIRST_SUBMISSION));
  const insert = biggest.measured.results.find((r) => r.name.includes('insert'));
  if (submit && insert) {
    console.log(
      `\nSequential write rate of this one database: ${Math.round(1000 / submit.medianMs)} submissions/s ` +
        `(full route), ${Math.round(1000 / insert.medianMs)} single-row inserts/s. The first ranked ` +
        `submission made ${submit.trips} D1 round trips (target: 2, one read batch and one write batch).`,
    );
  }
  const calibration = biggest.measured.stats.calibration;
  if (calibration) {
    console.log(
      `\nCalibration input of the hot kind and level: ${calibration.inWindow} counted solves of established ` +
        `players on ${calibration.inWindowDates} dates in the window; the samples drawn: ${calibration.read} on ` +
        `${calibration.readDates} date(s); kept after one per player and the per-day share bound: ${calibration.kept}.`,
    );
  }

  console.log('\n### Growth (median ms)\n');
  const names = biggest.measured.results.map((r) => r.name);
  const label = (s: Stage) => `${s.days} d · ${s.size >= 1e6 ? `${s.size / 1e6}M` : `${s.size / 1e3}k`}`;
  console.log(
    table(
      ['operation', ...stages.map(label)],
      names.map((name) => [
        name,
        ...stages.map((s) => ms(s.measured.results.find((r) => r.name === name)?.medianMs ?? Number.NaN)),
      ]),
    ),
  );

  const measuredOps = biggest.measured.results.filter((r) => !r.name.startsWith('baseline'));
  console.log(`\n### Query plans (${label(biggest)}): every statement the operations above ran\n`);
  console.log(planTable(measuredOps));
  for (const prefix of [FIRST_SUBMISSION, 'POST first ranked submission, established', 'calibrate']) {
    const op = measuredOps.find((r) => r.name.startsWith(prefix));
    if (!op) continue;
    console.log(`\n#### ${op.name}: its ${op.statements.length} statements in the order first run\n`);
    console.log(planTable([op]));
  }
  console.log(
    `\nBaseline \`select 1\` through D1 over all stages: median ${ms(median(stages.map(tripMs)))} ms.\n`,
  );
  socialReport(biggest, label(biggest));
}

/** Players as people: the social operations (those with a target of their own), their figures and plans. */
function socialReport(biggest: Stage, stageLabel: string): void {
  const ops = biggest.measured.results.filter((r) => r.targetMs !== undefined);
  const social = biggest.measured.stats.social;
  if (ops.length === 0 || !social) return;
  console.log(`\n### Players as people (${stageLabel})\n`);
  console.log(
    `${social.memberships} group memberships, ${social.follows} follows, board visibility ` +
      `${Object.entries(social.visibility)
        .map(([v, n]) => `${v} ${n}`)
        .join(', ')}. The timed group: ${social.groupSolvers} of its members solved the hot puzzle. ` +
      `The timed followers follow ${social.typicalFollows} and ${social.heavyFollows} players. The daily ` +
      `player: ${social.dailySubmissions} submissions, counted solves on ${social.dailyDates} dates; the ` +
      `puzzles of its first history page have ${social.firstPageSolvers} counted solvers in all, those of ` +
      `the deep page ${social.deepPageSolvers}. The hot date has ${social.hotDateSolves} counted solves.\n`,
  );
  const baselines = biggest.measured.results.filter((r) => r.name.startsWith('baseline: '));
  console.log(
    table(
      ['operation', 'median ms', 'p90 ms', 'target', 'D1 round trips', 'statements', 'plan', 'failures'],
      [...baselines, ...ops].map((r) => [
        r.name,
        ms(r.medianMs),
        ms(r.p90Ms),
        r.targetMs === undefined ? '' : `≤ ${r.targetMs}${r.medianMs > r.targetMs ? ' (**missed**)' : ''}`,
        String(r.trips),
        r.name.startsWith('baseline') ? '' : String(r.statements.length),
        r.name.startsWith('baseline') ? '' : opVerdict(r),
        r.failures.length > 0 ? r.failures.join('; ').slice(0, 200) : '0',
      ]),
    ),
  );
  for (const op of ops) {
    console.log(`\n#### ${op.name}: its ${op.statements.length} statements\n`);
    console.log(planTable([op]));
  }
}
