/**
 * The deployed shape, measured (issue #46): the Worker, the D1 primary, a D1 replica and the board objects,
 * each in a workerd process of its own, joined by Miniflare's dev registry (service and Durable Object
 * bindings across processes, RPC included). The Worker and the boards reach D1 through a thin RPC binding
 * that stands for the network (bench/split/remote-d1.ts, served by bench/split/entry.ts `D1Remote`),
 * counted per call (a round trip) and per statement. Deployed, Workers and replicas scale out; what bounds
 * the service's ranked solves per second is its serial parts: the one D1 primary, and one board object per
 * puzzle shard. So the figure of merit is CPU per acknowledged solve of those processes, read from /proc.
 *
 * Each round, interleaved: a bare Hono Worker's GET (the unit of CPU), the realistic floor of a ranked solve
 * and of a board page with and without a token (bench/split/floor.ts), then the direct path and the boards
 * (K = 1) on a fresh puzzle, both on a puzzle with 100,000 prior solvers, the boards on a fresh puzzle made
 * with K = 4 shards and on a puzzle with 1,000 prior solvers (for the growth of CPU per solve), then 200
 * players' uncached first pages of 50 of the puzzles with 1,000 and 100,000 prior solvers on both paths
 * (each player has a solve in their middle).
 * Each path has its own primary and replica, seeded from one state. A first round warms every process's code
 * and is not counted; then `SPLIT_ROUNDS` rounds (3 by default) of `SPLIT_SOLVES` solves per path and
 * puzzle (400); `--json` adds the summary as one JSON object on the last line. BENCHMARKS.md,
 * "split", says how to read it.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { WorkerOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { type PlayerId, playerToken } from '../src/auth/player-token.js';
import { DEV_SECRETS } from '../src/config.js';
import type { BoardStats, DatabaseStats } from './split/entry.js';
import {
  bottleneckMs,
  gain,
  growthSlope,
  type PathCpu,
  type SplitRounds,
  splitJson,
} from './split/figures.js';
import { benchPlayerId, sudokuSubmissionsOf } from './support/bench-players.js';
import { type RankedSubmission, submissionHeaders } from './support/ranked-submission.js';
import { type LoadPuzzle, seedDay } from './support/seed-day.js';
import { median, ms, table } from './support/stats.js';
import {
  executeSql,
  ROOT,
  removeDir,
  serveWorker,
  snapshotWorker,
  tempDir,
  type WorkerServer,
} from './support/wrangler.js';

const ROUNDS = Math.max(1, Number(process.env.SPLIT_ROUNDS ?? 3) || 3);
/** A first round, not counted, that runs every path's code before the measured ones (its JIT's warm-up). */
const WARMUP_ROUNDS = 1;
const ALL_ROUNDS = WARMUP_ROUNDS + ROUNDS;
/** Ranked solves sent per path, puzzle and round, this many at a time. */
const SOLVES = Math.max(1, Number(process.env.SPLIT_SOLVES ?? 400) || 400);
const CONCURRENCY = 16;
/** The bare Worker's GETs per round. */
const BARE_REQUESTS = 2000;
const PRIOR_SOLVERS = 100_000;
/** The puzzle whose solves and pages the 100,000 prior solvers' are compared with, for the growth. */
const SMALL_PRIOR = 1_000;
/** Players with a solve in the middle of both puzzles with prior solvers, each reading both boards' pages. */
const VIEWERS = 200;
/**
 * Days of history of every viewer, and how many of them solve the fresh puzzle on the boards each round: as
 * many as the new players they are compared with, so that a run's fixed costs (its last, partial flush)
 * weigh the same on both.
 */
const HISTORY_DAYS = 365;
const VETERANS = SOLVES;
/** The viewers seeded: enough for each round's veterans to be players who have not solved it yet. */
const SEEDED_VIEWERS = Math.max(VIEWERS, ALL_ROUNDS * VETERANS);
const K4 = 4;
/** The puzzles the solves go to: fresh, 100,000 prior solvers, K = 4 shards, 1,000 prior solvers. */
const PUZZLES = 4;
/** 16 characters, as a token id must be. */
const TOKEN_ID = 'split-bench-0001';
/** As bench/http.ts: the sessions started this long before the load, the logs' last move later. */
const SESSION_AGE_MS = 20 * 60_000;
const LOG_END_MS = 18 * 60_000;
/**
 * After a run, how long its processes' CPU keeps being counted: the boards copy the run's last solves to D1
 * up to 1 s after they were answered (their alarm), an idle board saves its watermark 1 s after its last
 * flush, and shard 0 of several writes the reports of the others' last flushes 1 s after them: work the run
 * caused and must be charged, and over before the next run starts.
 */
const SETTLE_MS = 3500;

/** Targets of issue #46, printed beside each figure. */
const TARGETS = {
  fresh: 6,
  hot: 12,
  primaryRoundTripsPerBatch: 1,
  primaryStatementsPerBatch: 5,
  boardCpuPerBare: 2.5,
  boardStatementsPerSolve: 1,
  workerCpuPerFloor: 1.5,
  pageCpuPerBare: 5,
  growth: 0.05,
  veteranCpuPerNew: 1.2,
};

/** The processes of one path: its Worker, its D1 primary and replica, and on the boards' path the boards. */
interface Topology {
  worker: WorkerServer;
  primary: WorkerServer;
  replica: WorkerServer;
  board?: WorkerServer;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The split bundle's config: the service's wrangler.toml with bench/split/entry.ts as its main, written into
 * `dir` with its paths made absolute (the demo page's assets dropped: they are not measured).
 */
function splitConfig(dir: string): string {
  const text = readFileSync(path.join(ROOT, 'wrangler.toml'), 'utf8')
    .replace(/^main = ".*"$/m, `main = ${JSON.stringify(path.join(ROOT, 'bench/split/entry.ts'))}`)
    .replace(
      /^migrations_dir = "(.*)"$/m,
      (_, d: string) => `migrations_dir = ${JSON.stringify(path.join(ROOT, d))}`,
    )
    .replace(/^\[assets\]\ndirectory = .*$/m, '');
  const config = path.join(dir, 'split.wrangler.toml');
  writeFileSync(config, text);
  return config;
}

/**
 * Starts one path's processes from `state` (copied for the primary and the replica), each added to
 * `servers` as it starts (to be stopped whatever fails next) and its directory to `dirs`.
 */
async function topology(
  config: string,
  name: 'direct' | 'boards',
  state: string,
  registry: string,
  dirs: string[],
  servers: WorkerServer[],
): Promise<Topology> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  const board = (workerOptions as unknown as WorkerOptions).durableObjects?.PUZZLE_DESK;
  if (!board || typeof board === 'string') throw new Error(`${config} binds no PUZZLE_DESK object`);
  const own = (role: string) => {
    const dir = tempDir(`bench-split-${name}-${role}`);
    dirs.push(dir);
    return dir;
  };
  const joined = (role: string) => ({ name: `split-${name}-${role}`, unsafeDevRegistryPath: registry });
  const d1 = (role: string) => ({ name: `split-${name}-${role}`, entrypoint: 'D1Remote' });
  const started = (server: WorkerServer) => {
    servers.push(server);
    return server;
  };
  const database = async (role: string) => {
    const dir = own(role);
    cpSync(state, dir, { recursive: true });
    return started(
      await serveWorker(config, dir, { ...joined(role), durableObjects: {} }, { SPLIT_ROLE: 'database' }),
    );
  };
  const primary = await database('primary');
  const replica = await database('replica');
  const vars = { SUBMISSION_PATH: name };
  const boards =
    name === 'boards'
      ? started(
          await serveWorker(
            config,
            own('board'),
            {
              ...joined('board'),
              d1Databases: {},
              serviceBindings: { PRIMARY: d1('primary') },
              durableObjects: {
                PUZZLE_DESK: board,
                FLOOR_BOARD: { className: 'FloorBoard', useSQLite: true },
              },
            },
            { ...vars, SPLIT_ROLE: 'boards' },
          ),
        )
      : undefined;
  const worker = started(
    await serveWorker(
      config,
      own('worker'),
      {
        ...joined('worker'),
        d1Databases: {},
        serviceBindings: { PRIMARY: d1('primary'), REPLICA: d1('replica') },
        durableObjects: boards ? { PUZZLE_DESK: { ...board, scriptName: 'split-boards-board' } } : {},
      },
      { ...vars, SPLIT_ROLE: 'worker' },
    ),
  );
  return { worker, primary, replica, ...(boards && { board: boards }) };
}

const processesOf = (t: Topology) => [t.worker, t.primary, t.replica, ...(t.board ? [t.board] : [])];

/** Runs `each` over `items`, CONCURRENCY at a time, each item once. */
async function inParallel<T>(
  items: readonly T[],
  each: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const loop = async () => {
    for (let i = next++; i < items.length; i = next++) await each(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
}

/** Sends `list`'s submissions to `puzzle` on `url`, CONCURRENCY at a time; counts the acknowledged first solves. */
async function drive(
  url: string,
  puzzle: LoadPuzzle,
  list: readonly { s: RankedSubmission; player: number }[],
): Promise<{ acknowledged: number; refused: Record<string, number> }> {
  let acknowledged = 0;
  const refused: Record<string, number> = {};
  await inParallel(list, async ({ s, player: i }) => {
    const res = await fetch(`${url}${puzzle.path}/submissions`, {
      method: 'POST',
      headers: submissionHeaders(s, i),
      body: s.body,
    });
    const text = await res.text();
    if (res.status === 200 && text.includes('"repeated":false')) acknowledged += 1;
    else refused[res.status] = (refused[res.status] ?? 0) + 1;
  });
  return { acknowledged, refused };
}

/** The bare Worker's GETs, CONCURRENCY at a time; how many answered 200. */
async function driveBare(url: string): Promise<number> {
  let ok = 0;
  await inParallel(Array.from({ length: BARE_REQUESTS }), async () => {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status === 200) ok += 1;
  });
  return ok;
}

/**
 * Each viewer's GET of the first page of 50 of the puzzle's board, as itself (uncached: a player's page is
 * private; null: without a token), CONCURRENCY at a time; how many answered 200.
 */
async function drivePages(
  url: string,
  puzzle: LoadPuzzle,
  tokens: readonly (string | null)[],
): Promise<number> {
  const path = puzzle.path.replace('/v1/puzzles/', '/v1/leaderboards/');
  let ok = 0;
  await inParallel(tokens, async (token, i) => {
    const res = await fetch(`${url}${path}?limit=50`, {
      headers: {
        ...(token !== null && { authorization: `Bearer ${token}` }),
        'cf-connecting-ip': `10.200.${(i >> 8) & 255}.${i & 255}`,
      },
    });
    const body = await res.text();
    if (res.status === 200 && body.includes('"rank"')) ok += 1;
  });
  return ok;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often the idle boards are touched: well inside the local runtime's eviction of idle objects. */
const TOUCH_EVERY_MS = 2000;

const touchUrl = (boardUrl: string, puzzle: LoadPuzzle, shards: number) =>
  `${boardUrl}/touch?puzzle=${encodeURIComponent(puzzle.id)}&shards=${shards}`;

/**
 * Touches every live puzzle's boards every TOUCH_EVERY_MS until stopped, as a live puzzle's traffic keeps its
 * boards in memory deployed: otherwise each run would also pay its board's start (measured on its own, by
 * boardStartMs). A failed touch fails the bench when stopped.
 */
function keepWarm(boardUrl: string, live: readonly { puzzle: LoadPuzzle; shards: number }[]) {
  let failure: unknown;
  const touchAll = () =>
    Promise.all(
      live.map(async ({ puzzle, shards }) => {
        const res = await fetch(touchUrl(boardUrl, puzzle, shards));
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`touching ${puzzle.id}'s boards answered ${res.status}`);
      }),
    ).catch((error: unknown) => {
      failure ??= error;
    });
  const timer = setInterval(touchAll, TOUCH_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      if (failure) throw failure;
    },
  };
}

/**
 * The board CPU of one start of `puzzle`'s board (a new instance loading its solves from its own storage):
 * idle until the runtime evicts it, then touched once. Null when it was not evicted in a minute.
 */
async function boardStartMs(board: WorkerServer, puzzle: LoadPuzzle): Promise<number | null> {
  for (let wait = 0; wait < 4; wait++) {
    await sleep(15_000);
    const starts = (await getJson<BoardStats>(`${board.url}/stats`)).starts;
    const before = board.cpuMs();
    const res = await fetch(touchUrl(board.url, puzzle, 1));
    await res.arrayBuffer();
    const used = board.cpuMs() - before;
    if ((await getJson<BoardStats>(`${board.url}/stats`)).starts > starts) return used;
  }
  return null;
}

/** One path's run on one puzzle: CPU per acknowledged solve of each process, D1 and board counts per solve. */
interface PathRun {
  acknowledged: number;
  refused: Record<string, number>;
  cpu: PathCpu;
  primary: DatabaseStats;
  board: BoardStats | null;
  /**
   * The board's SQL statements while the run's solves were sent and answered (its flushes among them); the
   * rest of `board.statements` came in the settle after (the last flush, the idle board's watermark).
   */
  boardLoaded: number | null;
}

function minusDatabase(after: DatabaseStats, before: DatabaseStats): DatabaseStats {
  return {
    roundTrips: after.roundTrips - before.roundTrips,
    statements: after.statements - before.statements,
    flushBatches: after.flushBatches - before.flushBatches,
    flushRows: after.flushRows - before.flushRows,
  };
}

function minusBoard(after: BoardStats, before: BoardStats): BoardStats {
  return {
    starts: after.starts - before.starts,
    statements: after.statements - before.statements,
    sent: {
      roundTrips: after.sent.roundTrips - before.sent.roundTrips,
      statements: after.sent.statements - before.sent.statements,
    },
  };
}

async function measured(
  t: Topology,
  puzzle: LoadPuzzle,
  list: readonly { s: RankedSubmission; player: number }[],
): Promise<PathRun> {
  const cpuBefore = processesOf(t).map((p) => p.cpuMs());
  const primaryBefore = await getJson<DatabaseStats>(`${t.primary.url}/stats`);
  const boardBefore = t.board ? await getJson<BoardStats>(`${t.board.url}/stats`) : null;
  const { acknowledged, refused } = await drive(t.worker.url, puzzle, list);
  if (acknowledged === 0) {
    throw new Error(
      `${puzzle.path}: no solve acknowledged (${JSON.stringify(refused)})\n${t.worker.output()}`,
    );
  }
  const boardLoaded =
    t.board && boardBefore
      ? (await getJson<BoardStats>(`${t.board.url}/stats`)).statements - boardBefore.statements
      : null;
  await settle();
  const used = processesOf(t).map((p, i) => (p.cpuMs() - (cpuBefore[i] ?? 0)) / acknowledged);
  const primary = minusDatabase(await getJson<DatabaseStats>(`${t.primary.url}/stats`), primaryBefore);
  const board =
    t.board && boardBefore
      ? minusBoard(await getJson<BoardStats>(`${t.board.url}/stats`), boardBefore)
      : null;
  return {
    acknowledged,
    refused,
    cpu: pathCpu(used),
    primary,
    board,
    boardLoaded,
  };
}

/** Each process's CPU, in `processesOf`'s order, as a path's. */
function pathCpu(used: readonly number[]): PathCpu {
  const [worker = Number.NaN, primary = Number.NaN, replica = Number.NaN, board] = used;
  return { worker, primary, replica, ...(board !== undefined && { board }) };
}

/** Each process's CPU per uncached page, the viewers each reading the puzzle's first page. */
async function measuredPages(
  t: Topology,
  puzzle: LoadPuzzle,
  tokens: readonly (string | null)[],
): Promise<PathCpu> {
  const before = processesOf(t).map((p) => p.cpuMs());
  const answered = await drivePages(t.worker.url, puzzle, tokens);
  if (answered !== tokens.length)
    throw new Error(`${puzzle.path}: ${answered} of ${tokens.length} pages answered`);
  await settle();
  return pathCpu(processesOf(t).map((p, i) => (p.cpuMs() - (before[i] ?? 0)) / answered));
}

/** All of a path's processes' CPU per acknowledged solve. */
const totalCpu = (cpu: PathCpu) => cpu.worker + cpu.primary + cpu.replica + (cpu.board ?? 0);

/** One first ranked solve that must come back clean, ranked among `solvers` (the boards start from D1's). */
async function probe(url: string, puzzle: LoadPuzzle, s: RankedSubmission, solvers: number): Promise<void> {
  const res = await fetch(`${url}${puzzle.path}/submissions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: s.body,
  });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"verdict":"clean"') || !text.includes('"repeated":false')) {
    throw new Error(
      `the probe's first ranked submission was not a clean solve: ${res.status} ${text.slice(0, 300)}`,
    );
  }
  const seen = (JSON.parse(text) as { solvers: number }).solvers;
  if (seen !== solvers) throw new Error(`${puzzle.path}: the probe saw ${seen} solvers, not ${solvers}`);
}

interface Round {
  bareCpuMs: number;
  /** Each process's CPU per uncached first page of 50, with 1,000 and 100,000 prior solvers. */
  pages: { direct: { small: PathCpu; hot: PathCpu }; boards: { small: PathCpu; hot: PathCpu } };
  /** The floor Worker's CPU per acknowledged solve (its board's is not counted: the Worker is measured). */
  floorCpuMs: number;
  /** Each process's CPU per page of the floor's board of the fresh puzzle, read with and without a token. */
  floorPages: { viewer: PathCpu; anonymous: PathCpu };
  direct: { fresh: PathRun; hot: PathRun };
  /** `veterans`: players with a year of history solving the fresh puzzle, against `fresh`'s new players. */
  boards: { fresh: PathRun; hot: PathRun; k4: PathRun; small: PathRun; veterans: PathRun };
}

export async function run(): Promise<void> {
  const asJson = process.argv.includes('--json');
  const dirs: string[] = [];
  const own = (name: string) => {
    const dir = tempDir(name);
    dirs.push(dir);
    return dir;
  };
  const servers: WorkerServer[] = [];
  try {
    const t0 = Date.now();
    const registry = own('bench-split-registry');
    const appConfig = await snapshotWorker(path.join(ROOT, 'wrangler.toml'), own('bench-split-app'));
    const config = await snapshotWorker(splitConfig(own('bench-split-config')), own('bench-split-bundle'));
    const bareConfig = await snapshotWorker(
      path.join(ROOT, 'bench/baseline-worker/wrangler.toml'),
      own('bench-split-bare'),
    );
    // Each puzzle's own players, so that each solves once on the boards: the bench's replica is a copy
    // that never catches up, where a deployed one lags the primary by moments, and a player's second solve
    // would be judged on the rating row its first one had already moved (a catch-up D1 seldom needs).
    const players = ALL_ROUNDS * SOLVES;
    const prober = PUZZLES * players;
    const ownPlayers = (n: number, extra = 0) => [
      ...Array.from({ length: players }, (_, i) => n * players + i),
      ...Array.from({ length: 1 + extra }, (_, i) => prober + i),
    ];
    const state = own('bench-split-state');
    const seeded = await seedDay(appConfig, state, {
      players: prober,
      tokenId: TOKEN_ID,
      priorSolvers: PRIOR_SOLVERS,
      sessionAgeMs: SESSION_AGE_MS,
      more: ['hard', 'expert'],
      morePrior: { expert: SMALL_PRIOR },
      viewers: SEEDED_VIEWERS,
      history: HISTORY_DAYS,
    });
    const [k4, small] = seeded.more;
    if (!k4 || !small) throw new Error('the day has no hard or expert sudoku');
    await executeSql(appConfig, 'DB', state, `update puzzles set board_shards = ${K4} where id = '${k4.id}'`);
    const puzzles = { fresh: seeded.fresh, hot: seeded.hot, k4, small };
    const viewerTokens = await Promise.all(
      Array.from({ length: VIEWERS }, (_, v) =>
        playerToken(
          { current: DEV_SECRETS.TOKEN_SECRET },
          benchPlayerId(prober + 1 + v) as PlayerId,
          TOKEN_ID,
        ),
      ),
    );
    const solving = { tokenId: TOKEN_ID, sessionAgeMs: SESSION_AGE_MS, logEndMs: LOG_END_MS };
    const submissions = {
      fresh: await sudokuSubmissionsOf(puzzles.fresh, ownPlayers(0, SEEDED_VIEWERS), solving),
      hot: await sudokuSubmissionsOf(puzzles.hot, ownPlayers(1), solving),
      k4: await sudokuSubmissionsOf(puzzles.k4, ownPlayers(2), solving),
      small: await sudokuSubmissionsOf(puzzles.small, ownPlayers(3), solving),
    };

    const direct = await topology(config, 'direct', state, registry, dirs, servers);
    const boards = await topology(config, 'boards', state, registry, dirs, servers);
    const bare = await serveWorker(bareConfig, own('bench-split-bare-state'));
    servers.push(bare);
    // The floor reads the boards' replica and inserts into a FloorBoard living in the boards' process.
    const floorWorker = await serveWorker(
      config,
      own('bench-split-floor'),
      {
        name: 'split-floor',
        unsafeDevRegistryPath: registry,
        d1Databases: {},
        serviceBindings: { REPLICA: { name: 'split-boards-replica', entrypoint: 'D1Remote' } },
        durableObjects: {
          FLOOR_BOARD: { className: 'FloorBoard', scriptName: 'split-boards-board', useSQLite: true },
        },
      },
      { SPLIT_ROLE: 'floor' },
    );
    servers.push(floorWorker);

    // The probe is the player after each list's own: its first solve of each puzzle on each path, which
    // also starts the boards.
    const probeOf = (list: RankedSubmission[]) => list[players] as RankedSubmission;
    await probe(direct.worker.url, puzzles.fresh, probeOf(submissions.fresh), 1);
    await probe(direct.worker.url, puzzles.hot, probeOf(submissions.hot), PRIOR_SOLVERS + SEEDED_VIEWERS + 1);
    await probe(boards.worker.url, puzzles.fresh, probeOf(submissions.fresh), 1);
    await probe(boards.worker.url, puzzles.hot, probeOf(submissions.hot), PRIOR_SOLVERS + SEEDED_VIEWERS + 1);
    await probe(boards.worker.url, puzzles.k4, probeOf(submissions.k4), 1);
    await probe(
      boards.worker.url,
      puzzles.small,
      probeOf(submissions.small),
      SMALL_PRIOR + SEEDED_VIEWERS + 1,
    );
    const setupS = (Date.now() - t0) / 1000;
    const board = boards.board as WorkerServer;
    const live = [
      { puzzle: puzzles.fresh, shards: 1 },
      { puzzle: puzzles.hot, shards: 1 },
      { puzzle: puzzles.k4, shards: K4 },
      { puzzle: puzzles.small, shards: 1 },
    ];
    const warm = keepWarm(board.url, live);

    const rounds: Round[] = [];
    const t1 = Date.now();
    for (let r = 0; r < ALL_ROUNDS; r++) {
      const slice = (list: RankedSubmission[]) =>
        list.slice(r * SOLVES, (r + 1) * SOLVES).map((s, i) => ({ s, player: r * SOLVES + i }));
      const bareBefore = bare.cpuMs();
      const answered = await driveBare(bare.url);
      const bareCpuMs = (bare.cpuMs() - bareBefore) / answered;
      const floorBefore = floorWorker.cpuMs();
      const floorRun = await drive(floorWorker.url, puzzles.fresh, slice(submissions.fresh));
      if (floorRun.acknowledged === 0) {
        throw new Error(`the floor acknowledged no solve (${JSON.stringify(floorRun.refused)})`);
      }
      const floorCpuMs = (floorWorker.cpuMs() - floorBefore) / floorRun.acknowledged;
      const floorTopology = { ...boards, worker: floorWorker };
      const floorViewers = slice(submissions.fresh)
        .slice(0, VIEWERS)
        .map(({ s }) => s.token);
      const floorPages = {
        viewer: await measuredPages(floorTopology, puzzles.fresh, floorViewers),
        anonymous: await measuredPages(
          floorTopology,
          puzzles.fresh,
          floorViewers.map(() => null),
        ),
      };
      const directFresh = await measured(direct, puzzles.fresh, slice(submissions.fresh));
      const boardsFresh = await measured(boards, puzzles.fresh, slice(submissions.fresh));
      const directHot = await measured(direct, puzzles.hot, slice(submissions.hot));
      const boardsHot = await measured(boards, puzzles.hot, slice(submissions.hot));
      const boardsK4 = await measured(boards, puzzles.k4, slice(submissions.k4));
      const boardsSmall = await measured(boards, puzzles.small, slice(submissions.small));
      const veterans = submissions.fresh
        .slice(players + 1 + r * VETERANS, players + 1 + (r + 1) * VETERANS)
        .map((s, i) => ({ s, player: players + 1 + r * VETERANS + i }));
      const boardsVeterans = await measured(boards, puzzles.fresh, veterans);
      const pages = {
        direct: {
          small: await measuredPages(direct, puzzles.small, viewerTokens),
          hot: await measuredPages(direct, puzzles.hot, viewerTokens),
        },
        boards: {
          small: await measuredPages(boards, puzzles.small, viewerTokens),
          hot: await measuredPages(boards, puzzles.hot, viewerTokens),
        },
      };
      const round: Round = {
        bareCpuMs,
        pages,
        floorCpuMs,
        floorPages,
        direct: { fresh: directFresh, hot: directHot },
        boards: {
          fresh: boardsFresh,
          hot: boardsHot,
          k4: boardsK4,
          small: boardsSmall,
          veterans: boardsVeterans,
        },
      };
      if (r >= WARMUP_ROUNDS) rounds.push(round);
    }
    await warm.stop();
    const loadS = (Date.now() - t1) / 1000;
    const startMs = await boardStartMs(board, puzzles.hot);
    report(rounds, { setupS, loadS }, startMs, asJson);
  } finally {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    for (const dir of dirs) removeDir(dir);
  }
}

function report(
  rounds: Round[],
  times: { setupS: number; loadS: number },
  startMs: number | null,
  asJson: boolean,
): void {
  console.log(
    `${rounds.length} rounds after ${WARMUP_ROUNDS} not counted, ${SOLVES} ranked solves per path and puzzle each, ${CONCURRENCY} at a time; ` +
      `set up in ${times.setupS.toFixed(0)} s, loaded in ${times.loadS.toFixed(0)} s.\n`,
  );
  const rows = rounds.flatMap((round, i) => {
    const line = (path: string, puzzle: string, run: PathRun) => [
      String(i + 1),
      path,
      puzzle,
      String(run.acknowledged),
      ms(run.cpu.worker),
      ms(run.cpu.primary),
      ms(run.cpu.replica),
      run.cpu.board === undefined ? '' : ms(run.cpu.board),
      (run.primary.roundTrips / run.acknowledged).toFixed(2),
      (run.primary.statements / run.acknowledged).toFixed(2),
      run.boardLoaded === null ? '' : (run.boardLoaded / run.acknowledged).toFixed(2),
      run.board && run.boardLoaded !== null ? String(run.board.statements - run.boardLoaded) : '',
      run.board ? String(run.board.starts) : '',
      Object.entries(run.refused)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', '),
    ];
    return [
      line('direct', 'fresh', round.direct.fresh),
      line('boards', 'fresh', round.boards.fresh),
      line('direct', '100k prior', round.direct.hot),
      line('boards', '100k prior', round.boards.hot),
      line('boards K=4', 'fresh', round.boards.k4),
      line('boards', '1k prior', round.boards.small),
      line('boards', `fresh, ${HISTORY_DAYS}-day players`, round.boards.veterans),
    ];
  });
  console.log(
    table(
      [
        'round',
        'path',
        'puzzle',
        'acknowledged',
        'Worker CPU ms/solve',
        'primary CPU ms/solve',
        'replica CPU ms/solve',
        'board CPU ms/solve',
        'primary round trips/solve',
        'primary statements/solve',
        'board SQL statements/solve while loaded',
        'board SQL statements after',
        'board starts',
        'refused',
      ],
      rows,
    ),
  );
  const figures: SplitRounds = {
    fresh: rounds.map((r) => gain(r.direct.fresh.cpu, r.boards.fresh.cpu)),
    hot: rounds.map((r) => gain(r.direct.hot.cpu, r.boards.hot.cpu)),
    k4: rounds.map((r) => gain(r.direct.fresh.cpu, r.boards.k4.cpu, K4)),
    primaryRoundTripsPerBatch: rounds.map(
      (r) => (r.boards.fresh.board?.sent.roundTrips ?? Number.NaN) / r.boards.fresh.primary.flushBatches,
    ),
    primaryStatementsPerBatch: rounds.map(
      (r) => (r.boards.fresh.board?.sent.statements ?? Number.NaN) / r.boards.fresh.primary.flushBatches,
    ),
    boardStatementsPerSolve: rounds.map(
      (r) => (r.boards.fresh.boardLoaded ?? Number.NaN) / r.boards.fresh.acknowledged,
    ),
    boardCpuPerBare: rounds.map((r) => (r.boards.fresh.cpu.board ?? Number.NaN) / r.bareCpuMs),
    workerCpuPerFloor: rounds.map((r) => r.boards.fresh.cpu.worker / r.floorCpuMs),
    pageCpuPerBare: {
      boards: rounds.map((r) => totalCpu(r.pages.boards.hot) / r.bareCpuMs),
      direct: rounds.map((r) => totalCpu(r.pages.direct.hot) / r.bareCpuMs),
    },
    pageFloorPerBare: {
      viewer: rounds.map((r) => totalCpu(r.floorPages.viewer) / r.bareCpuMs),
      anonymous: rounds.map((r) => totalCpu(r.floorPages.anonymous) / r.bareCpuMs),
    },
    veteranCpuPerNew: rounds.map((r) => totalCpu(r.boards.veterans.cpu) / totalCpu(r.boards.fresh.cpu)),
    growth: {
      solve: rounds.map((r) =>
        growthSlope(
          { solvers: SMALL_PRIOR, cost: totalCpu(r.boards.small.cpu) },
          { solvers: PRIOR_SOLVERS, cost: totalCpu(r.boards.hot.cpu) },
        ),
      ),
      page: rounds.map((r) =>
        growthSlope(
          { solvers: SMALL_PRIOR, cost: totalCpu(r.pages.boards.small) },
          { solvers: PRIOR_SOLVERS, cost: totalCpu(r.pages.boards.hot) },
        ),
      ),
    },
  };
  const summary = splitJson(figures, startMs);
  console.log(
    "\nThe serial bottleneck per solve: the direct path's D1 primary CPU; the boards' max(primary, board ÷ K).\n",
  );
  console.log(
    table(
      [
        'round',
        'direct fresh ms',
        'boards fresh ms',
        'fresh ×',
        'direct 100k ms',
        'boards 100k ms',
        '100k ×',
        'boards K=4 ms',
        'K=4 ×',
      ],
      rounds.map((r, i) => [
        String(i + 1),
        ms(bottleneckMs(r.direct.fresh.cpu)),
        ms(bottleneckMs(r.boards.fresh.cpu)),
        (figures.fresh[i] ?? Number.NaN).toFixed(1),
        ms(bottleneckMs(r.direct.hot.cpu)),
        ms(bottleneckMs(r.boards.hot.cpu)),
        (figures.hot[i] ?? Number.NaN).toFixed(1),
        ms(bottleneckMs(r.boards.k4.cpu, K4)),
        (figures.k4[i] ?? Number.NaN).toFixed(1),
      ]),
    ),
  );
  console.log(
    "\nAn uncached first page of 50 of a puzzle's board, read by 200 players each with a solve in its middle:" +
      " CPU of all the path's processes per page, ÷ the bare GET, and where the boards' page of 100,000 spends it;" +
      ' then the floor of such a page (bench/split/floor.ts), read by 200 of its solvers with their tokens and without.\n',
  );
  console.log(
    table(
      [
        'round',
        'bare GET ms',
        'direct 1k',
        'direct 100k',
        'boards 1k',
        'boards 100k',
        'boards 100k ÷ bare',
        'Worker',
        'primary',
        'replica',
        'board',
        'floor, token ÷ bare',
        'floor, no token ÷ bare',
      ],
      rounds.map((r, i) => {
        const hot = r.pages.boards.hot;
        return [
          String(i + 1),
          ms(r.bareCpuMs),
          ms(totalCpu(r.pages.direct.small)),
          ms(totalCpu(r.pages.direct.hot)),
          ms(totalCpu(r.pages.boards.small)),
          ms(totalCpu(hot)),
          `${(totalCpu(hot) / r.bareCpuMs).toFixed(1)}×`,
          ms(hot.worker),
          ms(hot.primary),
          ms(hot.replica),
          ms(hot.board ?? Number.NaN),
          `${(totalCpu(r.floorPages.viewer) / r.bareCpuMs).toFixed(1)}×`,
          `${(totalCpu(r.floorPages.anonymous) / r.bareCpuMs).toFixed(1)}×`,
        ];
      }),
    ),
  );
  const met = (ok: boolean) => (ok ? '(met)' : '(**not met**)');
  const perBatch = (r: Round, key: 'roundTrips' | 'statements') =>
    r.boards.fresh.primary[key] / r.boards.fresh.primary.flushBatches;
  const allPerBatch = {
    roundTrips: median(rounds.map((r) => perBatch(r, 'roundTrips'))),
    statements: median(rounds.map((r) => perBatch(r, 'statements'))),
  };
  const rowsPerBatch = median(
    rounds.map((r) => r.boards.fresh.primary.flushRows / r.boards.fresh.primary.flushBatches),
  );
  console.log('\nMedians over the rounds, each beside its target (issue #46):\n');
  console.log(
    table(
      ['figure', 'median', 'target'],
      [
        [
          'boards ÷ direct, fresh puzzle',
          `${summary.fresh.median.toFixed(1)}×`,
          `≥ ${TARGETS.fresh}× ${met(summary.fresh.median >= TARGETS.fresh)}`,
        ],
        [
          'boards ÷ direct, 100,000 prior solvers',
          `${summary.hot.median.toFixed(1)}×`,
          `≥ ${TARGETS.hot}× ${met(summary.hot.median >= TARGETS.hot)}`,
        ],
        [
          'boards K=4 ÷ direct, fresh puzzle',
          `${summary.k4.median.toFixed(1)}×`,
          `no worse than K=1 ${met(summary.k4.median >= summary.fresh.median)}`,
        ],
        [
          "D1 primary round trips per flush batch (the boards' own)",
          summary.primaryPerBatch.roundTrips.toFixed(1),
          `${TARGETS.primaryRoundTripsPerBatch} ${met(summary.primaryPerBatch.roundTrips <= TARGETS.primaryRoundTripsPerBatch)}`,
        ],
        [
          "D1 primary statements per flush batch (the boards' own)",
          summary.primaryPerBatch.statements.toFixed(1),
          `≤ ${TARGETS.primaryStatementsPerBatch} ${met(summary.primaryPerBatch.statements <= TARGETS.primaryStatementsPerBatch)}`,
        ],
        ['rows per flush batch', rowsPerBatch.toFixed(1), ''],
        [
          'everything the primary was sent during the run, per flush batch: round trips / statements',
          `${allPerBatch.roundTrips.toFixed(1)} / ${allPerBatch.statements.toFixed(1)}`,
          '',
        ],
        [
          'board SQL statements per solve while loaded (its flushes included)',
          summary.boardStatementsPerSolve.toFixed(2),
          `${TARGETS.boardStatementsPerSolve} ${met(summary.boardStatementsPerSolve <= TARGETS.boardStatementsPerSolve)}`,
        ],
        [
          'board CPU per solve ÷ bare GET',
          `${summary.boardCpuPerBare.toFixed(1)}×`,
          `≤ ${TARGETS.boardCpuPerBare}× ${met(summary.boardCpuPerBare <= TARGETS.boardCpuPerBare)}`,
        ],
        [
          "uncached first page of 50 (100,000 prior solvers), all processes' CPU ÷ bare GET, boards",
          `${summary.pageCpuPerBare.boards.toFixed(1)}× (direct path: ${summary.pageCpuPerBare.direct.toFixed(1)}×)`,
          `≤ ${TARGETS.pageCpuPerBare}× ${met(summary.pageCpuPerBare.boards <= TARGETS.pageCpuPerBare)}`,
        ],
        [
          "the floor of such a page (one board's memory, names included), with a token checked in D1 / without",
          `${summary.pageFloorPerBare.viewer.toFixed(1)}× / ${summary.pageFloorPerBare.anonymous.toFixed(1)}×`,
          '',
        ],
        [
          'growth 1,000 → 100,000 prior solvers (log-log slope), CPU per solve on the boards',
          summary.growth.solve.toFixed(3),
          `≤ ${TARGETS.growth} ${met(summary.growth.solve <= TARGETS.growth)}`,
        ],
        [
          'growth 1,000 → 100,000 prior solvers (log-log slope), CPU per uncached page on the boards',
          summary.growth.page.toFixed(3),
          `≤ ${TARGETS.growth} ${met(summary.growth.page <= TARGETS.growth)}`,
        ],
        [
          `CPU per solve of a player with ${HISTORY_DAYS} days of history ÷ a new player's (all processes, boards, fresh puzzle)`,
          `${summary.veteranCpuPerNew.toFixed(2)}×`,
          `≤ ${TARGETS.veteranCpuPerNew}× ${met(summary.veteranCpuPerNew <= TARGETS.veteranCpuPerNew)}`,
        ],
        [
          'Worker CPU per ranked solve ÷ floor',
          `${summary.workerCpuPerFloor.toFixed(1)}×`,
          `≤ ${TARGETS.workerCpuPerFloor}× ${met(summary.workerCpuPerFloor <= TARGETS.workerCpuPerFloor)}`,
        ],
        [
          'board CPU of one start with 100,000 prior solvers (once per eviction; the runs keep boards warm)',
          summary.boardStartMs === null ? 'not evicted' : `${summary.boardStartMs.toFixed(0)} ms`,
          '',
        ],
      ],
    ),
  );
  if (asJson) console.log(JSON.stringify(summary));
}
