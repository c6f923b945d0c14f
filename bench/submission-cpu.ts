/**
 * `npm run bench:cpu -- [rounds] name=path[:vars][@checkout] …`: workerd's CPU per acknowledged ranked
 * submission for several configurations, measured in interleaved rounds on one machine. A configuration is
 * a submission path ("direct" or "boards"), optional extra Worker vars as JSON, and optionally another
 * checkout (an earlier commit, or a copy patched for an experiment, with its own node_modules) whose sources
 * are bundled instead of this one's. Each run serves a fresh copy of one seeded D1 (20,000 players, each
 * with a session of today's sudoku easy started 20 minutes ago) and sends every player's first ranked
 * submission, paced like a person's, at 32 connections for 5 s after a warm-up of 500.
 *
 * workerd runs every isolate of a process (the entry Worker, the Worker, its objects, the local D1) on one
 * thread, so CPU per solve is what bounds a configuration here (and says where a rate's difference comes
 * from). Rounds alternate the configurations, so drift in the machine's load reaches them all; the table
 * gives medians.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import autocannon, { type Options } from 'autocannon';
import { benchPlayersSql, submissionRequest, sudokuSubmissions } from './support/bench-players.js';
import type { RankedSubmission } from './support/ranked-submission.js';
import { median, ms, table } from './support/stats.js';
import {
  applyMigrations,
  executeSql,
  ROOT,
  removeDir,
  serveWorker,
  snapshotWorker,
  tempDir,
} from './support/wrangler.js';

const PLAYERS = 20_000;
/** A token id as the server makes them: 16 base64url characters. */
const TOKEN_ID = 'cpu-bench-tokens';
const SESSION_AGE_MS = 20 * 60_000;
const CONNECTIONS = 32;
const DURATION_S = 5;
const WARM_UP = 500;

interface Configuration {
  name: string;
  path: string;
  vars: Record<string, string>;
  checkout: string;
}

/** `name=path[:vars][@checkout]`, e.g. `boards=boards`, `old=boards@/work/base`, `k4=boards:{"BOARD_SHARDS":"4"}`. */
function configurationOf(spec: string): Configuration {
  const match = /^([^=]+)=(direct|boards)(?::(\{.*\}))?(?:@(.+))?$/.exec(spec);
  if (!match) throw new Error(`not a configuration: ${spec} (name=direct|boards[:{vars}][@checkout])`);
  const [, name = '', submissionPath = '', vars, checkout] = match;
  return {
    name,
    path: submissionPath,
    vars: vars ? (JSON.parse(vars) as Record<string, string>) : {},
    checkout: checkout ? path.resolve(checkout) : ROOT,
  };
}

/** The seeded D1 state every run copies, and the puzzle's path and submissions. */
async function seed(config: string, dir: string) {
  const state = path.join(dir, 'seeded');
  await applyMigrations(config, 'DB', state);
  await executeSql(config, 'DB', state, benchPlayersSql(PLAYERS, TOKEN_ID));
  const service = await serveWorker(config, state);
  let puzzle: { id: string; puzzle: unknown };
  let puzzlePath: string;
  try {
    const day = (await (await fetch(`${service.url}/v1/puzzles/today`)).json()) as { date: string };
    puzzlePath = `/v1/puzzles/${day.date}/sudoku/easy`;
    puzzle = (await (await fetch(service.url + puzzlePath)).json()) as { id: string; puzzle: unknown };
  } finally {
    await service.stop();
  }
  await executeSql(
    config,
    'DB',
    state,
    `insert into play_sessions (player_id, puzzle_id, started_at, time_zone)
     select id, '${puzzle.id}', ${Date.now() - SESSION_AGE_MS}, null from players`,
  );
  const submissions = await sudokuSubmissions(puzzle, PLAYERS, {
    tokenId: TOKEN_ID,
    sessionAgeMs: SESSION_AGE_MS,
    logEndMs: 18 * 60_000,
  });
  return { state, puzzlePath, submissions };
}

function requestOf(puzzlePath: string, submissions: readonly RankedSubmission[]) {
  let next = 0;
  return {
    method: 'POST',
    path: `${puzzlePath}/submissions`,
    setupRequest: (request) => {
      const i = next++;
      return submissionRequest(request, submissions[i % submissions.length] as RankedSubmission, i);
    },
  } satisfies NonNullable<Options['requests']>[number];
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** One run of a configuration on a fresh copy of the seeded state: CPU ms per solve acknowledged, and solves/s. */
async function measure(c: Configuration, bundle: string, seeded: Seeded, state: string) {
  cpSync(seeded.state, state, { recursive: true });
  const server = await serveWorker(bundle, state, {}, { SUBMISSION_PATH: c.path, ...c.vars });
  try {
    const request = requestOf(seeded.puzzlePath, seeded.submissions);
    await autocannon({ url: server.url, connections: 4, amount: WARM_UP, requests: [request] });
    const before = server.cpuMs();
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [request],
    });
    const solves = Object.entries(result.statusCodeStats)
      .filter(([code]) => code.startsWith('2'))
      .reduce((n, [, { count }]) => n + count, 0);
    return {
      cpuMsPerSolve: (server.cpuMs() - before) / solves,
      solvesPerSecond: solves / result.duration,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
    removeDir(state);
  }
}

function report(
  configurations: readonly Configuration[],
  cpu: Map<string, number[]>,
  rates: Map<string, number[]>,
) {
  const medianOf = (runs: Map<string, number[]>, name: string) => median(runs.get(name) ?? []);
  const first = configurations[0]?.name ?? '';
  console.log(
    `\n${table(
      ['configuration', 'CPU ms per solve (median)', 'solves/s (median)', `rate ÷ ${first}`],
      configurations.map(({ name }) => [
        name,
        ms(medianOf(cpu, name)),
        medianOf(rates, name).toFixed(0),
        `${(medianOf(rates, name) / medianOf(rates, first)).toFixed(2)}×`,
      ]),
    )}`,
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const rounds = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 3;
  const configurations = args.map(configurationOf);
  if (configurations.length === 0)
    throw new Error('usage: npm run bench:cpu -- [rounds] name=path[:vars][@checkout] …');
  const dir = tempDir('bench-cpu');
  try {
    // One bundle per checkout, each made once (wrangler's dry-run build) in a folder of its own.
    const bundles = new Map<string, string>();
    for (const { checkout } of configurations) {
      if (bundles.has(checkout)) continue;
      const bundleDir = path.join(dir, `bundle-${bundles.size}`);
      bundles.set(checkout, await snapshotWorker(path.join(checkout, 'wrangler.toml'), bundleDir));
    }
    const seeded = await seed(bundles.get(ROOT) ?? (bundles.values().next().value as string), dir);
    const cpu = new Map<string, number[]>();
    const rates = new Map<string, number[]>();
    for (let round = 1; round <= rounds; round++) {
      for (const c of configurations) {
        const state = path.join(dir, `${round}-${c.name}`);
        const run = await measure(c, bundles.get(c.checkout) as string, seeded, state);
        cpu.set(c.name, [...(cpu.get(c.name) ?? []), run.cpuMsPerSolve]);
        rates.set(c.name, [...(rates.get(c.name) ?? []), run.solvesPerSecond]);
        console.log(
          `round ${round} ${c.name}: ${ms(run.cpuMsPerSolve)} ms CPU per solve, ` +
            `${run.solvesPerSecond.toFixed(0)} solves/s, ${run.non2xx} non-2xx`,
        );
      }
    }
    report(configurations, cpu, rates);
  } finally {
    removeDir(dir);
  }
}

await main();
