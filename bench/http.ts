/**
 * HTTP load against the real runtime: the service in workerd (bundled by wrangler from a snapshot of the
 * current sources, served through Miniflare with a local D1 in temporary storage; see support/wrangler.ts)
 * driven by autocannon from this process over loopback, each run bounded in time. Baseline of the same run:
 * a minimal Hono Worker returning a constant JSON (bench/baseline-worker), served the same way, run right
 * before each of the route's runs (several alternating pairs; the median pair is reported). Submissions are
 * also compared with their floor: a minimal Hono Worker making the same two D1 round trips
 * (bench/baseline-d1-worker), run right before them.
 * Targets: puzzle reads at ≥ 80 % of the baseline's throughput, submissions at ≥ 30 %.
 */
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import type { PlayerId } from '../src/auth/player-token.js';
import { DEV_SECRETS } from '../src/config.js';
import { engineFor } from '../src/kinds/index.js';
import { humanLog } from '../test/support/logs.js';
import { type RankedSubmission, rankedSubmission } from './support/ranked-submission.js';
import { ms, table } from './support/stats.js';
import {
  applyMigrations,
  executeSql,
  ROOT,
  removeDir,
  serveWorker,
  snapshotWorker,
  tempDir,
  type WorkerServer,
} from './support/wrangler.js';

const DURATION_S = 5;
/** Alternating (baseline, route) pairs per route; the median pair's ratio is reported. */
const ROUNDS = 3;
const CONNECTIONS = 8;
/** More players than the submission run can use in its 10 s, so every submission is a first, ranked one. */
const PLAYERS = 12_000;
/** The id of the one token every bench player holds (a `player_tokens` row), so its bearer tokens verify. */
const TOKEN_ID = 'http-bench-token';
/**
 * How long before the load the players fetched the puzzle (their sessions start then): the server times
 * a solve from the session, and a log that ends later than the session allows is flagged.
 */
const SESSION_AGE_MS = 20 * 60_000;
/** When the last move of the players' log was entered, after the session's start. */
const LOG_END_MS = 18 * 60_000;
const READ_TARGET = 0.8;
const SUBMIT_TARGET = 0.3;

const playerId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` as PlayerId;

/** One baseline run, then (for submissions) a floor run, then the route's run. */
interface Round {
  result: Result;
  baseline: Result;
  /** The least any Worker doing this route's D1 round trips needs here (submissions). */
  floor?: Result;
}

interface Run {
  name: string;
  rounds: Round[];
  target?: number;
}

const ratioOf = (round: Round) => round.result.requests.average / round.baseline.requests.average;

type LoadRequest = NonNullable<Options['requests']>[number];

async function load(url: string, request: LoadRequest, amount?: number): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(amount === undefined ? {} : { amount }),
    requests: [request],
  });
}

/** One submission, which must come back as a first ranked solve judged clean (else the load means nothing). */
async function expectCleanSolve(url: string, s: RankedSubmission): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: s.body,
  });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"verdict":"clean"') || !text.includes('"repeated":false')) {
    throw new Error(`a first ranked submission was not a clean solve: ${res.status} ${text.slice(0, 300)}`);
  }
}

async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function run(): Promise<void> {
  const dirs = [
    'bench-http-app',
    'bench-http-app-state',
    'bench-http-base',
    'bench-http-base-state',
    'bench-http-floor',
    'bench-http-floor-state',
  ].map(tempDir);
  const [appDir = '', appState = '', baseDir = '', baseState = '', floorDir = '', floorState = ''] = dirs;
  const servers: WorkerServer[] = [];
  try {
    const appConfig = await snapshotWorker(path.join(ROOT, 'wrangler.toml'), appDir);
    const baseConfig = await snapshotWorker(path.join(ROOT, 'bench/baseline-worker/wrangler.toml'), baseDir);
    const floorConfig = await snapshotWorker(
      path.join(ROOT, 'bench/baseline-d1-worker/wrangler.toml'),
      floorDir,
    );
    await applyMigrations(floorConfig, 'DB', floorState);
    await applyMigrations(appConfig, 'DB', appState);
    // One player more than the load uses: the probe below.
    await executeSql(
      appConfig,
      'DB',
      appState,
      `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${PLAYERS})
       insert into players (id, display_name, created_at)
       select printf('00000000-0000-4000-8000-%012d', i), 'Player ' || i, '2026-01-01T00:00:00.000Z' from n;
       insert into player_tokens (player_id, id, created_at, via)
       select id, '${TOKEN_ID}', created_at, 'register' from players`,
    );
    let service = await serveWorker(appConfig, appState);
    servers.push(service);
    const baseline = await serveWorker(baseConfig, baseState);
    servers.push(baseline);
    const floor = await serveWorker(floorConfig, floorState);
    servers.push(floor);

    // The first request makes the day (lazy generation); everything after reads stored puzzles.
    const day = await getJson<{ date: string; puzzles: { kind: string; level: string }[] }>(
      `${service.url}/v1/puzzles/today`,
    );
    const puzzlePath = `/v1/puzzles/${day.date}/sudoku/easy`;
    const puzzle = await getJson<{ id: string; puzzle: unknown }>(service.url + puzzlePath);
    // Every player fetched the puzzle SESSION_AGE_MS ago: their sessions are written while the Worker is
    // stopped, as no statement may write beside it.
    await service.stop();
    servers.splice(servers.indexOf(service), 1);
    await executeSql(
      appConfig,
      'DB',
      appState,
      `insert into play_sessions (player_id, puzzle_id, started_at, time_zone)
       select id, '${puzzle.id}', ${Date.now() - SESSION_AGE_MS}, null from players`,
    );
    service = await serveWorker(appConfig, appState);
    servers.push(service);
    const sudoku = engineFor('sudoku');
    const solution = sudoku.solve(sudoku.parsePuzzle(puzzle.puzzle), { maxSolutions: 1 }).solutions[0];
    const steps = sudoku.stepsTo(sudoku.parsePuzzle(puzzle.puzzle), solution);
    const submissions: RankedSubmission[] = [];
    for (let i = 0; i <= PLAYERS; i++) {
      submissions.push(
        await rankedSubmission(
          { current: DEV_SECRETS.TOKEN_SECRET },
          {
            playerId: playerId(i),
            puzzleId: puzzle.id,
            solution,
            log: humanLog(steps, { endMs: LOG_END_MS, seed: i + 1 }),
            elapsedMs: SESSION_AGE_MS,
            tokenId: TOKEN_ID,
          },
        ),
      );
    }
    const probe = submissions.pop();
    if (probe) await expectCleanSolve(`${service.url}${puzzlePath}/submissions`, probe);
    const etag = (await fetch(service.url + puzzlePath)).headers.get('etag');

    let next = 0;
    let floorSequence = 0;
    const plan: (Omit<Run, 'rounds'> & {
      request: LoadRequest;
      amount?: number;
      floor?: LoadRequest;
    })[] = [
      {
        name: 'GET an unknown path (404: the app without D1)',
        request: { method: 'GET', path: '/v1/nothing' },
      },
      {
        name: `GET /v1/puzzles/today (${day.puzzles.length} puzzles)`,
        request: { method: 'GET', path: '/v1/puzzles/today' },
        target: READ_TARGET,
      },
      {
        name: 'GET one puzzle (anonymous)',
        request: { method: 'GET', path: puzzlePath },
        target: READ_TARGET,
      },
      ...(etag
        ? [
            {
              name: 'GET one puzzle, If-None-Match (304)',
              request: { method: 'GET', path: puzzlePath, headers: { 'if-none-match': etag } },
            },
          ]
        : []),
      {
        name: 'POST a submission (first valid solve, ranked)',
        request: {
          method: 'POST',
          path: `${puzzlePath}/submissions`,
          setupRequest: (request) => {
            const i = next++;
            const s = submissions[i % PLAYERS];
            if (!s) return null;
            return {
              ...request,
              headers: {
                authorization: `Bearer ${s.token}`,
                'content-type': 'application/json',
                // Many players, many addresses: one address would meet the per-address limit (429).
                'cf-connecting-ip': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
              },
              body: s.body,
            };
          },
        },
        amount: Math.floor(PLAYERS / ROUNDS),
        target: SUBMIT_TARGET,
        floor: {
          method: 'POST',
          path: '/',
          setupRequest: (request) => {
            floorSequence += 1;
            return { ...request, headers: { 'cf-connecting-ip': `10.0.0.${floorSequence & 255}` } };
          },
        },
      },
      {
        name: 'GET a leaderboard page (50)',
        request: { method: 'GET', path: `/v1/leaderboards/${day.date}/sudoku/easy?limit=50` },
        target: READ_TARGET,
      },
    ];
    // Each run right after its own baseline run, in several alternating pairs: load from other work on the
    // machine drifts over minutes, so a ratio to the neighbouring baseline is steadier than one to a single
    // baseline, and the median of a few pairs steadier than any one.
    const runs: Run[] = [];
    for (const { request, amount, floor: floorRequest, ...rest } of plan) {
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const base = await load(baseline.url, { method: 'GET', path: '/' });
        const floorRun = floorRequest ? { floor: await load(floor.url, floorRequest) } : {};
        rounds.push({ ...floorRun, baseline: base, result: await load(service.url, request, amount) });
      }
      runs.push({ ...rest, rounds });
    }
    // A player's own view of the board is never cached: its solver count is the database's.
    const counted = await getJson<{ solvers: number }>(
      `${service.url}/v1/leaderboards/${day.date}/sudoku/easy?limit=1`,
      { authorization: `Bearer ${probe?.token ?? ''}` },
    );
    report(runs, day.date, counted.solvers);
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) removeDir(dir);
  }
}

function statusSummary(rounds: readonly Round[]): string {
  const counts = new Map<string, number>();
  for (const { result } of rounds) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
      if (!code.startsWith('2') && code !== '304') counts.set(code, (counts.get(code) ?? 0) + count);
    }
    if (result.errors > 0) counts.set('errors', (counts.get('errors') ?? 0) + result.errors);
  }
  return [...counts].map(([code, count]) => `${count}× ${code}`).join(', ') || '0';
}

function report(runs: Run[], date: string, solvers: number): void {
  console.log(
    `autocannon 9, ${CONNECTIONS} connections, ${DURATION_S} s per run, loopback; workerd through Miniflare ` +
      `(local D1) serving a wrangler bundle of the sources; the day ${date} generated before the runs; every ` +
      'submission by a different player (a first, ranked solve). Each run follows its own baseline run ' +
      `(constant JSON from a minimal Hono Worker, served the same way), ${ROUNDS} such pairs per route; the ` +
      "figures are those of the pair with the median ratio, and 'pairs' lists every pair's ratio.\n",
  );
  const rows = runs.map((run) => {
    const ordered = [...run.rounds].sort((a, b) => ratioOf(a) - ratioOf(b));
    const r = ordered[Math.floor(ordered.length / 2)];
    if (!r) throw new Error(`${run.name}: no rounds`);
    const ratio = ratioOf(r);
    return [
      run.name,
      r.result.requests.average.toFixed(0),
      r.baseline.requests.average.toFixed(0),
      `${(ratio * 100).toFixed(0)} %`,
      run.rounds.map((round) => (ratioOf(round) * 100).toFixed(0)).join(' / '),
      ms(r.result.latency.p50),
      ms(r.result.latency.p99),
      ms(r.baseline.latency.p50),
      r.result.requests.average > 0
        ? (r.result.throughput.average / r.result.requests.average).toFixed(0)
        : '',
      run.target === undefined
        ? ''
        : `≥ ${run.target * 100} % ${ratio >= run.target ? '(met)' : '(**not met**)'}`,
      r.floor ? r.floor.requests.average.toFixed(0) : '',
      r.floor ? `${((r.result.requests.average / r.floor.requests.average) * 100).toFixed(0)} %` : '',
      statusSummary(run.rounds),
    ];
  });
  console.log(
    "Floor: the least a Worker doing a route's D1 round trips gets here (bench/baseline-d1-worker: one read, one " +
      'write, one plain statement each), measured right before the route.\n',
  );
  console.log(
    table(
      [
        'route',
        'req/s',
        'baseline req/s',
        'of baseline',
        'pairs, %',
        'p50 ms',
        'p99 ms',
        'baseline p50 ms',
        'bytes/response',
        'target',
        'floor req/s',
        'of floor',
        'non-2xx/304',
      ],
      rows,
    ),
  );
  const accepted = runs
    .filter((run) => run.name.startsWith('POST'))
    .flatMap((run) => run.rounds)
    .reduce((n, { result }) => n + (result.statusCodeStats['200']?.count ?? 0), 0);
  console.log(
    `\nThe puzzle's counted solvers after the load: ${solvers}, for ${accepted} submissions answered 200 ` +
      `and one probe before the load${solvers === accepted + 1 ? ' (every one ranked and judged clean)' : ' (**not all counted**)'}.\n`,
  );
}
