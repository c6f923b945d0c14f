/**
 * Global setup of the end-to-end run (vitest.e2e.config.ts): the Worker bundled once, as `wrangler deploy`
 * would upload it (`--dry-run`, which uploads nothing), with a configuration beside it that every test's
 * Worker serves (test/e2e/serve-worker.ts). The bundle is the sources as they were when the run began.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, snapshotWorker } from '../../bench/support/wrangler.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The configuration of the run's Worker bundle, its assets included. */
    workerBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'daily-puzzles-e2e-bundle-'));
  project.provide(
    'workerBundle',
    await snapshotWorker(path.join(ROOT, 'wrangler.toml'), dir, { assets: true }),
  );
  return () => rm(dir, { recursive: true, force: true });
}
