/**
 * The cost of splitting a live puzzle's board over shards, locally: ranked submissions through the boards
 * (SUBMISSION_PATH "boards") to a puzzle of one board shard and to one of four, in the same run, on the same
 * Worker, alternating. Locally every object shares one workerd process (and this machine's cores), so this
 * measures what sharding adds to each submission (each shard's flush tells the other three its counts, and
 * shard 0 applies every shard's games), not the throughput K objects on K machines would give: that is the
 * model in SCALING.md, step 4.
 */
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { benchPlayersSql, submissionRequest, sudokuSubmissions } from './support/bench-players.js';
import type { RankedSubmission } from './support/ranked-submission.js';
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

const CONNECTIONS = [1, 8];
/** Alternating (K = 1, K = 4) pairs per connection count; the median pair is reported. */
const ROUNDS = 5;
/** Submissions per run, each by a player not seen before on that puzzle (a first, ranked solve). */
const PER_RUN = 600;
const PLAYERS = CONNECTIONS.length * ROUNDS * PER_RUN;
const SHARDED = 4;
/** The id of the one token every bench player holds (16 characters, as every token id). */
const TOKEN_ID = 'shard-bench-tokn';
/** As in the http bench: sessions started this long before the load, the log's last move a little earlier. */
const SESSION_AGE_MS = 20 * 60_000;
const LOG_END_MS = 18 * 60_000;
/** Long enough for every shard's alarm (1 s after its first waiting solve) to have copied it all to D1. */
const SETTLE_MS = 3000;

interface Target {
  shards: number;
  level: 'easy' | 'medium';
  path: string;
  submissions: RankedSubmission[];
  next: number;
  results: Map<number, Result[]>;
}

async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function expectCleanSolve(url: string, target: Target): Promise<void> {
  const s = target.submissions.pop();
  if (!s) throw new Error('no probe submission');
  const res = await fetch(`${url}${target.path}/submissions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: s.body,
  });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"verdict":"clean"') || !text.includes('"repeated":false')) {
    throw new Error(`a first ranked submission was not a clean solve: ${res.status} ${text.slice(0, 300)}`);
  }
}

function load(url: string, target: Target, connections: number): Promise<Result> {
  return autocannon({
    url,
    connections,
    amount: PER_RUN,
    requests: [
      {
        method: 'POST',
        path: `${target.path}/submissions`,
        setupRequest: (request) => {
          const i = target.next++;
          const s = target.submissions[i];
          return s ? submissionRequest(request, s, i) : null;
        },
      },
    ],
  });
}

export async function run(): Promise<void> {
  const dirs = ['bench-shards-app', 'bench-shards-state'].map(tempDir);
  const [appDir = '', appState = ''] = dirs;
  const servers: WorkerServer[] = [];
  const previousPath = process.env.BENCH_SUBMISSION_PATH;
  process.env.BENCH_SUBMISSION_PATH = 'boards';
  try {
    const appConfig = await snapshotWorker(path.join(ROOT, 'wrangler.toml'), appDir);
    await applyMigrations(appConfig, 'DB', appState);
    await executeSql(appConfig, 'DB', appState, benchPlayersSql(PLAYERS, TOKEN_ID));
    let service = await serveWorker(appConfig, appState);
    servers.push(service);
    const day = await getJson<{ date: string }>(`${service.url}/v1/puzzles/today`);
    const targets: Target[] = [
      { shards: 1, level: 'easy' as const },
      { shards: SHARDED, level: 'medium' as const },
    ].map((t) => ({
      ...t,
      path: `/v1/puzzles/${day.date}/sudoku/${t.level}`,
      submissions: [],
      next: 0,
      results: new Map(),
    }));
    const puzzles = await Promise.all(
      targets.map((t) => getJson<{ id: string; puzzle: unknown }>(service.url + t.path)),
    );
    // Sessions and the medium puzzle's shards are written while the Worker is stopped (nothing writes beside
    // it); no board of either puzzle exists yet, so the medium one starts as four shards.
    await service.stop();
    servers.splice(servers.indexOf(service), 1);
    await executeSql(
      appConfig,
      'DB',
      appState,
      `update puzzles set board_shards = ${SHARDED} where id = '${puzzles[1]?.id}';
       ${puzzles
         .map(
           (p) => `insert into play_sessions (player_id, puzzle_id, started_at, time_zone)
         select id, '${p.id}', ${Date.now() - SESSION_AGE_MS}, null from players;`,
         )
         .join('\n')}`,
    );
    service = await serveWorker(appConfig, appState);
    servers.push(service);
    const solving = { tokenId: TOKEN_ID, sessionAgeMs: SESSION_AGE_MS, logEndMs: LOG_END_MS };
    for (const [t, target] of targets.entries()) {
      const puzzle = puzzles[t];
      if (!puzzle) throw new Error('a puzzle of the bench is missing');
      target.submissions.push(...(await sudokuSubmissions(puzzle, PLAYERS, solving)));
    }
    // The last player's submission first, to each: a first ranked solve judged clean, or the load means nothing.
    for (const target of targets) await expectCleanSolve(service.url, target);
    // Alternating, so drifting load from other work on the machine falls on both alike.
    for (const connections of CONNECTIONS) {
      for (let r = 0; r < ROUNDS; r++) {
        for (const target of targets) {
          const result = await load(service.url, target, connections);
          target.results.set(connections, [...(target.results.get(connections) ?? []), result]);
        }
      }
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    // Anonymous reads go straight to D1: after SETTLE_MS every shard has copied its solves there.
    const counted = await Promise.all(
      targets.map((t) =>
        getJson<{ solvers: number }>(`${service.url}/v1/leaderboards/${day.date}/sudoku/${t.level}?limit=1`),
      ),
    );
    report(
      targets,
      counted.map((c) => c.solvers),
      day.date,
    );
  } finally {
    if (previousPath === undefined) delete process.env.BENCH_SUBMISSION_PATH;
    else process.env.BENCH_SUBMISSION_PATH = previousPath;
    for (const server of servers) await server.stop();
    for (const dir of dirs) removeDir(dir);
  }
}

const medianBy = (results: readonly Result[], f: (r: Result) => number) =>
  [...results].sort((a, b) => f(a) - f(b))[Math.floor(results.length / 2)];

function report(targets: readonly Target[], solvers: readonly number[], date: string): void {
  console.log(
    `autocannon 9, loopback; workerd through Miniflare (local D1), SUBMISSION_PATH "boards"; the day ${date}; ` +
      `${PER_RUN} ranked submissions per run, each a different player's first solve; runs alternate between ` +
      `sudoku easy (1 board shard) and sudoku medium (${SHARDED} shards), ${ROUNDS} of each per connection count; ` +
      "the run with the median p50 is shown, with every run's p50. All objects share one process.\n",
  );
  const [one, many] = targets;
  if (!one || !many) return;
  const rows = CONNECTIONS.flatMap((connections) => {
    const figures = targets.map((t) => {
      const results = t.results.get(connections) ?? [];
      const r = medianBy(results, (x) => x.latency.p50);
      return { t, r, all: results.map((x) => ms(x.latency.p50)).join(' / ') };
    });
    const base = figures[0]?.r;
    return figures.map(({ t, r, all }) => [
      String(connections),
      `K = ${t.shards}`,
      r ? ms(r.latency.p50) : 'n/a',
      all,
      r ? ms(r.latency.average) : 'n/a',
      r ? ms(r.latency.p99) : 'n/a',
      r ? r.requests.average.toFixed(0) : 'n/a',
      r && base ? `${(r.latency.p50 / base.latency.p50).toFixed(2)}×` : '',
      r && base ? `${(r.latency.average / base.latency.average).toFixed(2)}×` : '',
      String((t.results.get(connections) ?? []).reduce((n, x) => n + x.non2xx + x.errors, 0)),
    ]);
  });
  console.log(
    table(
      [
        'connections',
        'board',
        'p50 ms',
        'p50 of each run',
        'mean ms',
        'p99 ms',
        'req/s',
        'p50 vs K = 1',
        'mean vs K = 1',
        'non-2xx/errors',
      ],
      rows,
    ),
  );
  const sent = ROUNDS * CONNECTIONS.length * PER_RUN;
  console.log(
    `\nCounted solvers ${SETTLE_MS / 1000} s after the load (D1, as a player reads the board): K = 1 ${solvers[0]}, ` +
      `K = ${SHARDED} ${solvers[1]}, for ${sent} submissions sent to each.\n`,
  );
}
