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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const rounds = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 3;
  const configurations = args.map(configurationOf);
  if (configurations.length === 0)
    throw new Error('usage: npm run bench:cpu -- [rounds] name=path[:vars][@checkout] …');
  const dir = tempDir('bench-cpu');
  try {
    const bundles = new Map<string, string>();
    for (const { checkout } of configurations) {
      if (!bundles.has(checkout)) {
        bundles.set(
          checkout,
          await snapshotWorker(path.join(checkout, 'wrangler.toml'), tempDir('bench-cpu-app')),
        );
      }
    }
    const seeded = await seed(bundles.get(ROOT) ?? (bundles.values().next().value as string), dir);
    const cpu = new Map<string, number[]>();
    const rates = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      for (const c of configurations) {
        const state = path.join(dir, `${round}-${c.name}`);
        cpSync(seeded.state, state, { recursive: true });
        const vars = { SUBMISSION_PATH: c.path, ...c.vars };
        const server = await serveWorker(bundles.get(c.checkout) as string, state, {}, vars);
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
          const perSolve = (server.cpuMs() - before) / solves;
          cpu.set(c.name, [...(cpu.get(c.name) ?? []), perSolve]);
          rates.set(c.name, [...(rates.get(c.name) ?? []), solves / result.duration]);
          console.log(
            `round ${round + 1} ${c.name}: ${ms(perSolve)} ms CPU per solve, ${(solves / result.duration).toFixed(0)} solves/s, ${result.non2xx} non-2xx`,
          );
        } finally {
          await server.stop();
          removeDir(state);
        }
      }
    }
    const first = median(rates.get(configurations[0]?.name ?? '') ?? []);
    console.log(
      `\n${table(
        [
          'configuration',
          'CPU ms per solve (median)',
          'solves/s (median)',
          `rate ÷ ${configurations[0]?.name}`,
        ],
        configurations.map((c) => [
          c.name,
          ms(median(cpu.get(c.name) ?? [])),
          median(rates.get(c.name) ?? []).toFixed(0),
          `${(median(rates.get(c.name) ?? []) / first).toFixed(2)}×`,
        ]),
      )}`,
    );
  } finally {
    removeDir(dir);
  }
}

await main();
