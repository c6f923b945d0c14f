/**
 * The Worker as a developer runs it: `wrangler dev` with static assets and a local D1 whose migrations
 * were applied by wrangler, in a throwaway persist directory so every run starts from an empty database
 * (a copy of the one the run's global setup migrated, test/e2e/migrated-d1.ts).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, QUIET_ENV, ROOT, runWrangler, WRANGLER } from '../../bench/support/wrangler.js';

export interface LocalWorker {
  url: string;
  persistDir: string;
  /** Runs one SQL statement against the Worker's local D1 and returns its rows. */
  query<Row>(sql: string): Promise<Row[]>;
  stop(): Promise<void>;
  /** Kills wrangler dev and workerd at once (SIGKILL, as a crash would), keeping the persist directory. */
  kill(): Promise<void>;
}

/**
 * Waits until the Worker itself answers /v1/health (healthy, or, deployed without secrets, refusing to
 * serve). The assets were built once before the run (`npm test`), never by this wrangler dev: the committed
 * configuration has no [build] step.
 */
async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok || res.status === 503) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`wrangler dev did not answer /v1/health within 90 s:\n${log()}`);
}

export interface WorkerOptions {
  /** false: from the committed configuration alone, as a deployment would run it (without secrets it refuses to serve). */
  development?: boolean;
  /** Where ranked submissions go (SUBMISSION_PATH); by default as committed, through the live boards. */
  submissionPath?: 'boards' | 'direct';
  /** The directory of a worker killed before: the same D1 and Durable Object storage, started again. */
  persistDir?: string;
  /** More environment for wrangler (e.g. NODE_EXTRA_CA_CERTS, which workerd's outbound TLS then trusts too). */
  env?: Record<string, string>;
  /** Worker vars over the committed ones (`--var NAME:value`), e.g. a FIRST_DAY. */
  vars?: Record<string, string>;
}

/** `GET /__scheduled?cron=…` runs the Worker's scheduled handler (wrangler dev's --test-scheduled). */
export async function startWorker({
  development = true,
  submissionPath,
  persistDir: reused,
  env = {},
  vars = {},
}: WorkerOptions = {}): Promise<LocalWorker> {
  // A killed worker's directory keeps its own D1; a new one starts from the run's migrated copy.
  const persistDir = reused ?? (await mkdtemp(path.join(tmpdir(), 'daily-puzzles-e2e-')));
  if (!reused) await cp(inject('migratedD1'), persistDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    WRANGLER,
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      persistDir,
      '--show-interactive-dev-session=false',
      '--test-scheduled',
      // wrangler.toml is a deployment: locally the built-in dev secrets must be asked for.
      ...(development ? ['--var', 'ENVIRONMENT:development'] : []),
      ...(submissionPath ? ['--var', `SUBMISSION_PATH:${submissionPath}`] : []),
      ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]),
    ],
    { cwd: ROOT, env: { ...QUIET_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  // A wrangler dev that dies under a test leaves only ERR_CONNECTION_REFUSED behind: say why it went.
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`[e2e] wrangler dev on ${url} exited (${code ?? signal}) unasked:\n${output}`);
  });
  const kill = async () => {
    stopping = true;
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
  };
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((r) => child.once('exit', r));
      // wrangler dev runs workerd as a child: signal the whole process group it leads.
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    await rm(persistDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    persistDir,
    async query<Row>(sql: string) {
      const stdout = await runWrangler([
        'd1',
        'execute',
        'DB',
        '--local',
        '--persist-to',
        persistDir,
        '--json',
        '--command',
        sql,
      ]);
      const batches = JSON.parse(stdout) as { results: Row[] }[];
      return batches.flatMap((b) => b.results);
    },
    stop,
    kill,
  };
}
