/**
 * The real runtime for the benchmarks that need it: a bundle of the current sources served by workerd with a
 * local D1 in temporary storage on a free loopback port, set up with wrangler's own commands.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Miniflare, type SharedOptions, type WorkerOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { cpuMsOfStat, parseProcStat } from './proc-stat.js';

const run = promisify(execFile);

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WRANGLER = path.join(ROOT, 'node_modules/.bin/wrangler');

/** Wrangler must neither prompt nor phone home while a benchmark or the browser test runs. */
export const QUIET_ENV = { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false', NO_UPDATE_NOTIFIER: '1' };

/** Runs a wrangler command from the project root and returns what it printed. */
export async function runWrangler(args: string[]): Promise<string> {
  const { stdout } = await run(WRANGLER, args, { cwd: ROOT, env: QUIET_ENV, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `${prefix}-`));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Bundles the Worker of `config` once (`wrangler deploy --dry-run --outdir`, which uploads nothing) and
 * writes a config beside the bundle that serves it as is: a benchmark on a shared checkout measures the
 * sources as they were when it started, whoever saves a file meanwhile. Returns the snapshot's config
 * path; keep the local state elsewhere. The static assets are dropped unless `assets` asks for them (the
 * benchmarks do not measure them; the browser tests serve the demo page).
 */
export async function snapshotWorker(
  config: string,
  dir: string,
  { assets = false }: { assets?: boolean } = {},
): Promise<string> {
  const out = path.join(dir, 'bundle');
  await runWrangler(['deploy', '--dry-run', '--outdir', out, '-c', config]);
  const bundle = readdirSync(out).find((f) => f.endsWith('.js'));
  if (!bundle) throw new Error(`no bundle in ${out}`);
  const configDir = path.dirname(config);
  const text = readFileSync(config, 'utf8')
    .replace(/^main = ".*"$/m, `main = ${JSON.stringify(path.join(out, bundle))}\nno_bundle = true`)
    .replace(
      /^migrations_dir = "(.*)"$/gm,
      (_, dir: string) => `migrations_dir = ${JSON.stringify(path.resolve(configDir, dir))}`,
    )
    .replace(/^\[triggers\]\ncrons = .*$/m, '')
    .replace(/^\[assets\]\ndirectory = "(.*)"$/m, (_, dir: string) =>
      assets ? `[assets]\ndirectory = ${JSON.stringify(path.resolve(configDir, dir))}` : '',
    );
  const snapshot = path.join(dir, 'wrangler.toml');
  writeFileSync(snapshot, text);
  return snapshot;
}

/** A `wrangler d1 …` command against the local D1 of `binding` kept in `persistTo`. */
async function localD1(
  config: string,
  binding: string,
  persistTo: string,
  subcommand: string[],
  options: string[] = [],
): Promise<void> {
  await runWrangler([
    'd1',
    ...subcommand,
    binding,
    '--local',
    '-c',
    config,
    '--persist-to',
    persistTo,
    ...options,
  ]);
}

/** `wrangler d1 migrations apply <binding> --local` into `persistTo`. */
export async function applyMigrations(config: string, binding: string, persistTo: string): Promise<void> {
  await localD1(config, binding, persistTo, ['migrations', 'apply']);
}

/** Runs SQL against the local D1 of `persistTo` (before the dev server starts, so nothing else writes). */
export async function executeSql(
  config: string,
  binding: string,
  persistTo: string,
  sql: string,
): Promise<void> {
  await localD1(config, binding, persistTo, ['execute'], ['--command', sql]);
}

export interface WorkerServer {
  url: string;
  /** Runs one statement against the served Worker's local D1 `binding` (while it serves) and returns its rows. */
  query<T>(binding: string, sql: string, ...params: unknown[]): Promise<T[]>;
  /** Runs the Worker's scheduled handler for `cron` and resolves when it is done. */
  scheduled(cron: string): Promise<void>;
  /**
   * CPU milliseconds (user and system) workerd has used so far, NaN where /proc does not say (not Linux).
   * workerd runs every isolate of a process (the entry Worker, the Worker, its Durable Objects and the
   * local D1) on one thread, so a path's CPU per request is what bounds it here.
   */
  cpuMs(): number;
  /** What workerd printed lately, besides the Worker's request logs: for error reports. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Miniflare's options for a snapshot made by `snapshotWorker`: the bindings wrangler reads from its config
 * (D1, Durable Objects, rate limits, queues, assets; `vars` over the committed ones), the bundle as it is,
 * and the state in `persistTo` where `wrangler d1` commands and wrangler dev keep theirs.
 */
export function snapshotOptions(
  snapshotConfig: string,
  persistTo: string,
  vars: Record<string, string> = {},
): WorkerOptions & SharedOptions {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(snapshotConfig);
  if (!main) throw new Error(`${snapshotConfig} names no main module`);
  const options = workerOptions as unknown as WorkerOptions;
  return {
    ...options,
    bindings: { ...options.bindings, ...vars },
    modules: true,
    scriptPath: main,
    modulesRoot: path.dirname(main),
    d1Persist: path.join(persistTo, 'v3', 'd1'),
    // Durable Objects keep their SQLite on disk beside D1, as under wrangler dev.
    durableObjectsPersist: path.join(persistTo, 'v3', 'do'),
  };
}

/**
 * Serves a snapshot made by `snapshotWorker` in workerd through Miniflare, the engine of `wrangler dev`,
 * with the bindings wrangler reads from the config (vars, D1, rate limits; ENVIRONMENT forced to
 * development) and the state `wrangler d1` commands wrote to `persistTo`. Not `wrangler dev` itself: its
 * proxy and inspector restarted the Worker mid-request now and then on a busy 2-core machine, and they add a
 * hop of their own to every request.
 * The Worker's own logs are dropped. `more` may name the Worker (default `bench`) and join it to a dev
 * registry (bench/split.ts).
 */
export async function serveWorker(
  snapshotConfig: string,
  persistTo: string,
  more: Partial<WorkerOptions & SharedOptions> = {},
  vars: Record<string, string> = {},
): Promise<WorkerServer> {
  let said = '';
  // The app logs a JSON line per request: dropped; what workerd itself says is kept for error reports.
  const drain = (stream: Readable) => {
    stream.on('data', (b: Buffer) => {
      const text = b
        .toString()
        .split('\n')
        .filter(
          (line) =>
            line.trim() !== '' && (!line.startsWith('{"level":') || line.startsWith('{"level":"error"')),
        )
        .join('\n');
      if (text) said = (said + '\n' + text).slice(-4000);
    });
  };
  const workerdBefore = ownWorkerd();
  const mf = new Miniflare({
    // Committed configurations are deployments; a benchmark on loopback runs with the built-in dev secrets.
    ...snapshotOptions(snapshotConfig, persistTo, { ENVIRONMENT: 'development', ...vars }),
    name: 'bench',
    ...more,
    host: '127.0.0.1',
    port: await freePort(),
    handleRuntimeStdio: (stdout: Readable, stderr: Readable) => {
      drain(stdout);
      drain(stderr);
    },
  });
  let url: string;
  try {
    url = (await mf.ready).origin;
  } catch (error) {
    throw new Error(`workerd did not start: ${String(error)}\n${said}`);
  }
  const pid = [...ownWorkerd()].find((p) => !workerdBefore.has(p));
  return {
    url,
    cpuMs: () => (pid === undefined ? Number.NaN : cpuMsOf(pid)),
    async scheduled(cron) {
      const worker = await mf.getWorker();
      const result = await worker.scheduled({ cron });
      if (result.outcome !== 'ok') throw new Error(`scheduled ${cron}: ${result.outcome}\n${said}`);
    },
    async query<T>(binding: string, sql: string, ...params: unknown[]) {
      const db = await mf.getD1Database(binding);
      const { results } = await db
        .prepare(sql)
        .bind(...params)
        .all<T>();
      return results;
    },
    output: () => said,
    stop: () => mf.dispose(),
  };
}

/** The workerd processes this process started (Miniflare spawns each as a child); empty without /proc. */
function ownWorkerd(): Set<number> {
  if (!existsSync('/proc')) return new Set();
  const found = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat?.name === 'workerd' && stat.fields[1] === String(process.pid)) found.add(Number(entry));
  }
  return found;
}

/** User and system CPU of a process in ms; NaN once it is gone. */
function cpuMsOf(pid: number): number {
  const text = statText(pid);
  return text === null ? Number.NaN : cpuMsOfStat(text);
}

/** /proc/<pid>/stat: the command's name and the fields after it (state first), or null once it is gone. */
function procStat(pid: number): { name: string; fields: string[] } | null {
  const text = statText(pid);
  return text === null ? null : parseProcStat(text);
}

function statText(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
}
