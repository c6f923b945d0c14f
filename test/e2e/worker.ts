/**
 * The Worker as it deploys, run locally: the run's bundle (test/e2e/worker-bundle.ts) served by Miniflare in
 * a process of its own (test/e2e/serve-worker.ts), with static assets and a local D1 whose migrations were
 * applied by wrangler, in a throwaway persist directory so every run starts from an empty database (a copy of
 * the one the run's global setup migrated, test/e2e/migrated-d1.ts).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort, QUIET_ENV, ROOT, runWrangler } from '../../bench/support/wrangler.js';
import type { ScheduledAsk, ScheduledRun, ServeOptions } from './serve-worker.js';

const SERVE = path.join(ROOT, 'test/e2e/serve-worker.ts');

export interface LocalWorker {
  url: string;
  persistDir: string;
  /** Runs one SQL statement against the Worker's local D1 and returns its rows. */
  query<Row>(sql: string): Promise<Row[]>;
  /** Runs the Worker's scheduled handler for `cron`; resolves with its outcome, 'ok' when it returned. */
  scheduled(cron: string): Promise<string>;
  stop(): Promise<void>;
  /** Kills the Worker's process and workerd at once (SIGKILL, as a crash would), keeping the persist directory. */
  kill(): Promise<void>;
}

/** Waits until the Worker itself answers /v1/health (healthy, or, deployed without secrets, refusing to serve). */
async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the Worker's process exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok || res.status === 503) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the Worker did not answer /v1/health within 90 s:\n${log()}`);
}

export interface WorkerOptions {
  /** false: from the committed configuration alone, as a deployment would run it (without secrets it refuses to serve). */
  development?: boolean;
  /** Where ranked submissions go (SUBMISSION_PATH); by default as committed, through the live boards. */
  submissionPath?: 'boards' | 'direct';
  /** The directory of a worker killed before: the same D1 and Durable Object storage, started again. */
  persistDir?: string;
  /** More environment for the Worker's process (e.g. NODE_EXTRA_CA_CERTS, which workerd's outbound TLS then trusts). */
  env?: Record<string, string>;
  /** Worker vars over the committed ones, e.g. a FIRST_DAY. */
  vars?: Record<string, string>;
}

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
  const options: ServeOptions = {
    config: inject('workerBundle'),
    persistTo: persistDir,
    port,
    vars: {
      // wrangler.toml is a deployment: locally the built-in dev secrets must be asked for.
      ...(development ? { ENVIRONMENT: 'development' } : {}),
      ...(submissionPath ? { SUBMISSION_PATH: submissionPath } : {}),
      ...vars,
    },
  };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE, JSON.stringify(options)], {
    cwd: ROOT,
    env: { ...QUIET_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Its own process group, workerd in it: a stop or a kill signals both.
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  // A Worker that dies under a test leaves only ERR_CONNECTION_REFUSED behind: say why it went.
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[e2e] the Worker on ${url} exited (${code ?? signal}) unasked:\n${output}`);
  });
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, name);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };
  const kill = async () => {
    stopping = true;
    await signal('SIGKILL');
  };
  const stop = async () => {
    stopping = true;
    await signal('SIGTERM');
    await signal('SIGKILL');
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
    scheduled: (cron) =>
      new Promise((resolve) => {
        const answer = (run: ScheduledRun) => {
          if (run.scheduled !== cron) return;
          child.off('message', answer);
          resolve(run.outcome);
        };
        child.on('message', answer);
        child.send({ scheduled: cron } satisfies ScheduledAsk);
      }),
    stop,
    kill,
  };
}
