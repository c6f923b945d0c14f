/**
 * Global setup of the end-to-end run (vitest.e2e.config.ts): the local D1 with every migration applied, made
 * once by `wrangler d1 migrations apply` into a template directory that each started Worker copies into its
 * own throwaway persist directory. Each Worker still starts from an empty, migrated database of its own; the
 * copy takes milliseconds where a wrangler process per start took 10 s and more on a loaded 2-core machine.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runWrangler } from '../../bench/support/wrangler.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A persist directory holding the local D1 with all migrations applied, never served itself. */
    migratedD1: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await mkdtemp(path.join(tmpdir(), 'daily-puzzles-e2e-migrated-'));
  await runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', template]);
  project.provide('migratedD1', template);
  return () => rm(template, { recursive: true, force: true });
}
