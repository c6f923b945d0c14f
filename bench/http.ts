/**
 * HTTP load against the real runtime: the service in workerd (bundled by wrangler from a snapshot of the
 * current sources, served through Miniflare with a local D1 in temporary storage; see support/wrangler.ts)
 * driven by autocannon from this process over loopback, each run bounded in time.
 *
 * Reads: a minimal Hono Worker returning a constant JSON (bench/baseline-worker), served the same way, runs
 * right before each of the route's runs (several alternating pairs; the median pair is reported).
 * Target: ≥ 80 % of the baseline's throughput.
 *
 * Ranked submissions, side by side in one run: the same bundle served twice, once with SUBMISSION_PATH
 * "direct" (two D1 round trips per solve) and once with "boards" (the live boards of src/live), each with
 * its own copy of one local D1 state, and their floor, a minimal Hono Worker making the direct path's two D1
 * round trips (bench/baseline-d1-worker). Each round runs floor, direct, boards back to back at 8, 32 and
 * 128 connections on a fresh puzzle, and at 32 on a puzzle that already has 100,000 ranked solvers in D1
 * (inserted in bulk before the load; the board starts from them). After the load, the boards' D1 must hold
 * every acknowledged solve exactly once once the boards have flushed.
 * Targets (issue #24): boards ≥ 4× direct at every concurrency, ≥ 8× on the 100,000-solver puzzle.
 * Beside each rate, the CPU its workerd spent per acknowledged solve: one workerd runs the entry Worker, the
 * Worker, its objects and the local D1 on one thread, so that figure is what bounds a path on this machine.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { benchPlayerId, submissionRequest, sudokuSubmissions } from './support/bench-players.js';
import type { RankedSubmission } from './support/ranked-submission.js';
import { type LoadPuzzle, type Seeded, seedDay } from './support/seed-day.js';
import { ms, table } from './support/stats.js';
import {
  applyMigrations,
  ROOT,
  removeDir,
  serveWorker,
  snapshotWorker,
  tempDir,
  type WorkerServer,
} from './support/wrangler.js';

const DURATION_S = 5;
/** Alternating (baseline, route) pairs per read route; the median pair's ratio is reported. */
const ROUNDS = 3;
const CONNECTIONS = 8;
/**
 * Submissions: rounds of (floor, direct, boards) per row, each run this long. Shorter and fewer than the
 * reads' so that the four rows × three paths fit in about two and a half minutes.
 */
const SUBMIT_DURATION_S = 4;
const SUBMIT_ROUNDS = 3;
const SUBMIT_CONNECTIONS = [8, 32, 128] as const;
/** The hot puzzle's row runs at this many connections. */
const HOT_CONNECTIONS = 32;
/** Ranked solvers the hot puzzle has in D1 before the load. */
const PRIOR_SOLVERS = 100_000;
/**
 * Players of the load, each with a session on both puzzles. Each path has its own D1 state, so both use the
 * whole pool; every submission is by a different player (a first, ranked one). A path that used up its pool
 * would send the rest of its run to an unknown path: 404s in its non-2xx column, none counted as solves.
 */
const PLAYERS = 60_000;
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
const BOARDS_TARGET = 4;
const HOT_BOARDS_TARGET = 8;
/** How long the boards may take to copy every acknowledged solve to D1 after the load. */
const FLUSH_WAIT_MS = 30_000;

/** One baseline run, then the route's run. */
interface Round {
  result: Result;
  baseline: Result;
  /** workerd's CPU ms per answer of each run. */
  cpu: { result: number; baseline: number };
}

/** A read run, with the CPU its workerd spent per answer (any status: a 304 or a 404 is that route's answer). */
async function measuredRead(
  server: WorkerServer,
  request: LoadRequest,
): Promise<{ result: Result; cpuMs: number }> {
  const before = server.cpuMs();
  const result = await load(server.url, request);
  const answers = Object.values(result.statusCodeStats).reduce((n, { count }) => n + count, 0);
  return { result, cpuMs: (server.cpuMs() - before) / answers };
}

interface Run {
  name: string;
  rounds: Round[];
  target?: number;
}

const ratioOf = (round: Round) => round.result.requests.average / round.baseline.requests.average;

type LoadRequest = NonNullable<Options['requests']>[number];

async function load(
  url: string,
  request: LoadRequest,
  options: { connections?: number; duration?: number } = {},
): Promise<Result> {
  return autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION_S,
    requests: [request],
  });
}

/** One submission, which must come back as a first ranked solve judged clean (else the load means nothing). */
async function cleanSolve(url: string, s: RankedSubmission): Promise<{ rank: number; solvers: number }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: s.body,
  });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"verdict":"clean"') || !text.includes('"repeated":false')) {
    throw new Error(`a first ranked submission was not a clean solve: ${res.status} ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as { rank: number; solvers: number };
}

/** Every player's first ranked submission of `puzzle`, the probe's last. */
function submissionsOf(puzzle: LoadPuzzle): Promise<RankedSubmission[]> {
  return sudokuSubmissions(puzzle, PLAYERS, {
    tokenId: TOKEN_ID,
    sessionAgeMs: SESSION_AGE_MS,
    logEndMs: LOG_END_MS,
  });
}

/**
 * The players of one path's submissions to one puzzle, handed out in order so each is sent once, and those
 * whose solve was acknowledged (200, a first solve).
 */
class PlayerPool {
  private next = 0;
  readonly acknowledged: number[] = [];
  /**
   * Players whose submission was built: at most this many can be in D1. autocannon builds each connection's
   * next request on its last response, and drops the answers still in flight when a run ends, so a solve
   * can be stored whose answer nobody read.
   */
  handedOut(): number {
    return Math.min(this.next, PLAYERS);
  }
  constructor(private readonly submissions: readonly RankedSubmission[]) {}

  request(puzzlePath: string): LoadRequest {
    return {
      method: 'POST',
      path: `${puzzlePath}/submissions`,
      setupRequest: (request, context) => {
        const i = this.next++;
        const s = this.submissions[i];
        context.player = i;
        // autocannon cannot end a run early (a null request loops), so a spent pool asks for a 404.
        if (i >= PLAYERS || !s) return { ...request, method: 'GET', path: '/v1/nothing', body: '' };
        return submissionRequest(request, s, i);
      },
      onResponse: (status, body, context) => {
        if (status === 200 && body.includes('"repeated":false'))
          this.acknowledged.push(Number(context.player));
      },
    };
  }
}

/** One round of a submissions row: the floor, then the direct path, then the boards, back to back. */
interface SubmitRound {
  floor: Result;
  direct: Result;
  boards: Result;
  /** workerd's CPU ms per solve acknowledged (2xx), per path, over the run and its settling. */
  cpu: { floor: number; direct: number; boards: number };
}

/**
 * After a submissions run, how long its workerd's CPU keeps being counted: the boards copy the run's last
 * solves to D1 up to 1 s after they were answered (their alarm), work the run caused and must be charged.
 */
const SETTLE_MS = 1200;

/** A submissions run, with the CPU its workerd spent on it (through the settling) per acknowledged solve. */
async function measuredLoad(
  server: WorkerServer,
  request: LoadRequest,
  options: { connections: number; duration: number },
): Promise<{ result: Result; cpuMsPerSolve: number }> {
  const before = server.cpuMs();
  const result = await load(server.url, request, options);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const solves = rate(result) * result.duration;
  return { result, cpuMsPerSolve: (server.cpuMs() - before) / solves };
}

interface SubmitRow {
  name: string;
  connections: number;
  target: number;
  rounds: SubmitRound[];
}

/** Requests answered 2xx per second over the run (for a submission: solves acknowledged per second). */
const rate = (r: Result) => {
  const ok = Object.entries(r.statusCodeStats)
    .filter(([code]) => code.startsWith('2'))
    .reduce((n, [, { count }]) => n + count, 0);
  return r.duration > 0 ? ok / r.duration : 0;
};
const gainOf = (round: SubmitRound) => rate(round.boards) / rate(round.direct);

interface FlushCheck {
  puzzle: string;
  acknowledged: number;
  handedOut: number;
  rows: number;
  distinct: number;
  missing: number;
  waitedMs: number;
  expected: number;
}

/**
 * Waits until the boards' D1 holds every solve the load acknowledged (the flushes run on their own, 1 s
 * after a first waiting solve or per 100), then counts: rows, distinct players, acknowledged ones missing.
 */
async function checkFlushed(
  server: WorkerServer,
  puzzle: LoadPuzzle,
  pool: PlayerPool,
  prior: number,
): Promise<FlushCheck> {
  // The probe, the acknowledged solves and the solves D1 had before.
  const expected = prior + 1 + pool.acknowledged.length;
  const started = Date.now();
  const count = async () =>
    (
      await server.query<{ n: number }>(
        'DB',
        'select count(*) as n from submissions where puzzle_id = ? and ranked = 1',
        puzzle.id,
      )
    )[0]?.n ?? 0;
  // Done once D1 has every acknowledged solve and nothing more arrives for longer than the alarm's delay
  // (the solves whose answers were lost when a run ended are flushed too).
  let last = -1;
  let stableSince = Date.now();
  for (;;) {
    const n = await count();
    if (n !== last) [last, stableSince] = [n, Date.now()];
    if (n >= expected && Date.now() - stableSince >= 1500) break;
    if (Date.now() - started >= FLUSH_WAIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const waitedMs = stableSince - started;
  const [totals] = await server.query<{ rows: number; distinct: number }>(
    'DB',
    `select count(*) as rows, count(distinct player_id) as "distinct" from submissions
     where puzzle_id = ? and ranked = 1`,
    puzzle.id,
  );
  const stored = new Set(
    (
      await server.query<{ player_id: string }>(
        'DB',
        'select player_id from submissions where puzzle_id = ? and ranked = 1',
        puzzle.id,
      )
    ).map((r) => r.player_id),
  );
  const missing = pool.acknowledged.filter((i) => !stored.has(benchPlayerId(i))).length;
  return {
    puzzle: puzzle.path,
    acknowledged: pool.acknowledged.length,
    handedOut: pool.handedOut(),
    rows: totals?.rows ?? 0,
    distinct: totals?.distinct ?? 0,
    missing,
    waitedMs,
    expected,
  };
}

export async function run(): Promise<void> {
  const dirs = [
    'bench-http-app',
    'bench-http-direct-state',
    'bench-http-boards-state',
    'bench-http-base',
    'bench-http-base-state',
    'bench-http-floor',
    'bench-http-floor-state',
  ].map(tempDir);
  const [
    appDir = '',
    directState = '',
    boardsState = '',
    baseDir = '',
    baseState = '',
    floorDir = '',
    floorState = '',
  ] = dirs;
  const servers: WorkerServer[] = [];
  try {
    const t0 = Date.now();
    const appConfig = await snapshotWorker(path.join(ROOT, 'wrangler.toml'), appDir);
    const baseConfig = await snapshotWorker(path.join(ROOT, 'bench/baseline-worker/wrangler.toml'), baseDir);
    const floorConfig = await snapshotWorker(
      path.join(ROOT, 'bench/baseline-d1-worker/wrangler.toml'),
      floorDir,
    );
    await applyMigrations(floorConfig, 'DB', floorState);
    const seeded = await seedDay(appConfig, directState, {
      players: PLAYERS,
      tokenId: TOKEN_ID,
      priorSolvers: PRIOR_SOLVERS,
      sessionAgeMs: SESSION_AGE_MS,
    });
    // The boards' path starts from the very same D1 state, in a copy of its own.
    cpSync(directState, boardsState, { recursive: true });

    const direct = await serveWorker(appConfig, directState, {}, { SUBMISSION_PATH: 'direct' });
    servers.push(direct);
    const boards = await serveWorker(appConfig, boardsState, {}, { SUBMISSION_PATH: 'boards' });
    servers.push(boards);
    const baseline = await serveWorker(baseConfig, baseState);
    servers.push(baseline);
    const floor = await serveWorker(floorConfig, floorState);
    servers.push(floor);

    const freshSubmissions = await submissionsOf(seeded.fresh);
    const hotSubmissions = await submissionsOf(seeded.hot);
    const probeOf = (list: RankedSubmission[]) => list[PLAYERS] as RankedSubmission;
    // The probes: each path's first solve of each puzzle must be clean, and the hot one ranked among the
    // puzzle's prior solvers (on the boards' path, the board has started from D1's solves for it).
    const probes = {
      direct: {
        fresh: await cleanSolve(`${direct.url}${seeded.fresh.path}/submissions`, probeOf(freshSubmissions)),
        hot: await cleanSolve(`${direct.url}${seeded.hot.path}/submissions`, probeOf(hotSubmissions)),
      },
      boards: {
        fresh: await cleanSolve(`${boards.url}${seeded.fresh.path}/submissions`, probeOf(freshSubmissions)),
        hot: await cleanSolve(`${boards.url}${seeded.hot.path}/submissions`, probeOf(hotSubmissions)),
      },
    };
    for (const [name, probe] of Object.entries(probes)) {
      if (probe.hot.solvers !== PRIOR_SOLVERS + 1) {
        throw new Error(
          `${name}: the hot puzzle's probe saw ${probe.hot.solvers} solvers, not ${PRIOR_SOLVERS + 1}`,
        );
      }
    }
    const setupS = (Date.now() - t0) / 1000;

    const pools = {
      direct: { fresh: new PlayerPool(freshSubmissions), hot: new PlayerPool(hotSubmissions) },
      boards: { fresh: new PlayerPool(freshSubmissions), hot: new PlayerPool(hotSubmissions) },
    };
    let floorSequence = 0;
    const floorRequest: LoadRequest = {
      method: 'POST',
      path: '/',
      setupRequest: (request) => {
        floorSequence += 1;
        return { ...request, headers: { 'cf-connecting-ip': `10.0.0.${floorSequence & 255}` } };
      },
    };
    const plan = [
      ...SUBMIT_CONNECTIONS.map((connections) => ({
        name: 'fresh puzzle',
        connections,
        target: BOARDS_TARGET,
        puzzle: 'fresh' as const,
      })),
      {
        name: `${PRIOR_SOLVERS.toLocaleString('en')} prior solvers`,
        connections: HOT_CONNECTIONS,
        target: HOT_BOARDS_TARGET,
        puzzle: 'hot' as const,
      },
    ];
    const submitRows: SubmitRow[] = [];
    const t1 = Date.now();
    for (const row of plan) {
      const rounds: SubmitRound[] = [];
      const puzzle = seeded[row.puzzle];
      const options = { connections: row.connections, duration: SUBMIT_DURATION_S };
      for (let r = 0; r < SUBMIT_ROUNDS; r++) {
        const floorRun = await measuredLoad(floor, floorRequest, options);
        const directRun = await measuredLoad(direct, pools.direct[row.puzzle].request(puzzle.path), options);
        const boardsRun = await measuredLoad(boards, pools.boards[row.puzzle].request(puzzle.path), options);
        rounds.push({
          floor: floorRun.result,
          direct: directRun.result,
          boards: boardsRun.result,
          cpu: {
            floor: floorRun.cpuMsPerSolve,
            direct: directRun.cpuMsPerSolve,
            boards: boardsRun.cpuMsPerSolve,
          },
        });
      }
      submitRows.push({ name: row.name, connections: row.connections, target: row.target, rounds });
    }
    const submitS = (Date.now() - t1) / 1000;
    const flushed = [
      await checkFlushed(boards, seeded.fresh, pools.boards.fresh, 0),
      await checkFlushed(boards, seeded.hot, pools.boards.hot, PRIOR_SOLVERS),
    ];
    const directStored = [
      await checkFlushed(direct, seeded.fresh, pools.direct.fresh, 0),
      await checkFlushed(direct, seeded.hot, pools.direct.hot, PRIOR_SOLVERS),
    ];

    const readPlan = readRoutes(seeded, (await fetch(boards.url + seeded.fresh.path)).headers.get('etag'));
    // Each read right after its own baseline run, in several alternating pairs: load from other work on the
    // machine drifts over minutes, so a ratio to the neighbouring baseline is steadier than one to a single
    // baseline, and the median of a few pairs steadier than any one.
    const t2 = Date.now();
    const runs: Run[] = [];
    for (const { request, ...rest } of readPlan) {
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const base = await measuredRead(baseline, { method: 'GET', path: '/' });
        const route = await measuredRead(boards, request);
        rounds.push({
          baseline: base.result,
          result: route.result,
          cpu: { baseline: base.cpuMs, result: route.cpuMs },
        });
      }
      runs.push({ ...rest, rounds });
    }
    const readS = (Date.now() - t2) / 1000;
    reportSubmissions(submitRows, seeded.date, flushed, directStored);
    reportReads(runs);
    console.log(
      `\nRun time: setup ${setupS.toFixed(0)} s, submissions ${submitS.toFixed(0)} s, reads ${readS.toFixed(0)} s.`,
    );
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dirs) removeDir(dir);
  }
}

function readRoutes(seeded: Seeded, etag: string | null): (Omit<Run, 'rounds'> & { request: LoadRequest })[] {
  const puzzlePath = seeded.fresh.path;
  return [
    {
      name: 'GET an unknown path (404: the app without D1)',
      request: { method: 'GET', path: '/v1/nothing' },
    },
    {
      name: `GET /v1/puzzles/today (${seeded.puzzleCount} puzzles)`,
      request: { method: 'GET', path: '/v1/puzzles/today' },
      target: READ_TARGET,
    },
    { name: 'GET one puzzle (anonymous)', request: { method: 'GET', path: puzzlePath }, target: READ_TARGET },
    ...(etag
      ? [
          {
            name: 'GET one puzzle, If-None-Match (304)',
            request: { method: 'GET', path: puzzlePath, headers: { 'if-none-match': etag } },
          },
        ]
      : []),
    {
      name: 'GET a leaderboard page (50)',
      request: { method: 'GET', path: `/v1/leaderboards/${seeded.date}/sudoku/easy?limit=50` },
      target: READ_TARGET,
    },
  ];
}

function statusSummary(results: readonly Result[]): string {
  const counts = new Map<string, number>();
  for (const result of results) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
      if (!code.startsWith('2') && code !== '304') counts.set(code, (counts.get(code) ?? 0) + count);
    }
    if (result.errors > 0) counts.set('errors', (counts.get('errors') ?? 0) + result.errors);
  }
  return [...counts].map(([code, count]) => `${count}× ${code}`).join(', ') || '0';
}

const percent = (x: number) => `${(x * 100).toFixed(0)} %`;

function reportSubmissions(
  rows: readonly SubmitRow[],
  date: string,
  flushed: readonly FlushCheck[],
  directStored: readonly FlushCheck[],
): void {
  console.log(
    `Ranked submissions, autocannon 9, ${SUBMIT_DURATION_S} s per run, loopback; workerd through Miniflare ` +
      `(local D1, Durable Objects on disk) serving one wrangler bundle of the sources twice: SUBMISSION_PATH ` +
      `"direct" and "boards", each on its own copy of one D1 state; the day ${date} generated before the runs; ` +
      'every submission by a different player (a first, ranked solve). Each round runs the floor ' +
      `(bench/baseline-d1-worker), the direct path and the boards back to back; ${SUBMIT_ROUNDS} rounds per ` +
      "row, the figures are those of the round with the median boards/direct ratio, 'rounds' lists every " +
      "round's ratio. req/s counts the requests answered 2xx (solves acknowledged). 'CPU ms/solve': the " +
      `CPU its workerd process spent over the run and ${SETTLE_MS} ms after it (the boards' last flushes), ` +
      'per solve acknowledged; workerd runs all its isolates (entry, Worker, objects, D1) on one thread, so ' +
      'this is what bounds a path here.\n',
  );
  const lines = rows.flatMap((row) => {
    const ordered = [...row.rounds].sort((a, b) => gainOf(a) - gainOf(b));
    const r = ordered[Math.floor(ordered.length / 2)];
    if (!r) throw new Error(`${row.name}: no rounds`);
    const gain = gainOf(r);
    const line = (path: keyof SubmitRound['cpu'], result: Result, all: Result[], extra: string[]) => [
      path,
      row.name,
      String(row.connections),
      rate(result).toFixed(0),
      ms(result.latency.p50),
      ms(result.latency.p99),
      ms(r.cpu[path]),
      ...extra,
      statusSummary(all),
    ];
    return [
      line(
        'boards',
        r.boards,
        row.rounds.map((x) => x.boards),
        [
          `${gain.toFixed(1)}×`,
          percent(rate(r.boards) / rate(r.floor)),
          row.rounds.map((x) => `${gainOf(x).toFixed(1)}×`).join(' / '),
          `≥ ${row.target}× ${gain >= row.target ? '(met)' : '(**not met**)'}`,
        ],
      ),
      line(
        'direct',
        r.direct,
        row.rounds.map((x) => x.direct),
        ['1.0×', percent(rate(r.direct) / rate(r.floor)), '', ''],
      ),
      line(
        'floor',
        r.floor,
        row.rounds.map((x) => x.floor),
        ['', '100 %', '', ''],
      ),
    ];
  });
  console.log(
    table(
      [
        'path',
        'puzzle',
        'connections',
        'req/s',
        'p50 ms',
        'p99 ms',
        'CPU ms/solve',
        'of direct',
        'of floor',
        'rounds',
        'target',
        'non-2xx',
      ],
      lines,
    ),
  );
  console.log(
    "\nD1 after the load, ranked rows of each puzzle: at least the prior solvers, the probe and every solve answered 200 ('rows at least'), at most that plus the requests still unanswered when a run ended (of those 'built'); every acknowledged player there, none twice. 'waited': from the end of the load until D1 had them all and nothing changed for 1.5 s (longer than the alarm's delay).\n",
  );
  console.log(
    table(
      [
        'path',
        'puzzle',
        'acknowledged',
        'built',
        'rows at least',
        'rows in D1',
        'distinct players',
        'acknowledged missing',
        'waited ms',
      ],
      [
        ...flushed.map((f) => ['boards', f.puzzle, f] as const),
        ...directStored.map((f) => ['direct', f.puzzle, f] as const),
      ].map(([path, puzzle, f]) => [
        path,
        puzzle,
        String(f.acknowledged),
        String(f.handedOut),
        String(f.expected),
        String(f.rows),
        String(f.distinct),
        String(f.missing),
        String(f.waitedMs),
      ]),
    ),
  );
  const exact = flushed.every(
    (f) => f.missing === 0 && f.distinct === f.rows && f.rows <= f.expected - f.acknowledged + f.handedOut,
  );
  console.log(
    `\nThe boards' D1 ${exact ? 'holds every acknowledged solve exactly once' : '**does not hold every acknowledged solve exactly once**'}.\n`,
  );
}

function reportReads(runs: Run[]): void {
  console.log(
    `Reads (through the boards' instance; anonymous reads do not reach a board), autocannon 9, ${CONNECTIONS} ` +
      `connections, ${DURATION_S} s per run. Each run follows its own baseline run (constant JSON from a ` +
      `minimal Hono Worker, served the same way), ${ROUNDS} such pairs per route; the figures are those of ` +
      "the pair with the median ratio, and 'pairs' lists every pair's ratio. 'CPU ms/request': the CPU the " +
      "route's workerd spent per answer in that run; 'of baseline, CPU': the baseline's CPU per answer in " +
      "its run of the pair ÷ the route's, close to the rates' ratio while workerd's one thread is saturated.\n",
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
      percent(ratio),
      run.rounds.map((round) => (ratioOf(round) * 100).toFixed(0)).join(' / '),
      ms(r.result.latency.p50),
      ms(r.result.latency.p99),
      ms(r.baseline.latency.p50),
      ms(r.cpu.result),
      percent(r.cpu.baseline / r.cpu.result),
      r.result.requests.average > 0
        ? (r.result.throughput.average / r.result.requests.average).toFixed(0)
        : '',
      run.target === undefined
        ? ''
        : `≥ ${run.target * 100} % ${ratio >= run.target ? '(met)' : '(**not met**)'}`,
      statusSummary(run.rounds.map((round) => round.result)),
    ];
  });
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
        'CPU ms/request',
        'of baseline, CPU',
        'bytes/response',
        'target',
        'non-2xx/304',
      ],
      rows,
    ),
  );
}
