import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/kinds/index.js';

const root = new URL('../..', import.meta.url).pathname;

/** `npm run bench -- …` without npm's banner: the same entry point, run as its own process. */
function bench(args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/main.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run bench', () => {
  it.each([[['nosuch']], [['sudoku', 'nosuch']], [['--frob']]])(
    'refuses %j with exit 2 and one line naming the benchmarks, before running any',
    (args) => {
      const run = bench(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^error: unknown (benchmark nosuch|option --frob)/);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    },
  );

  it('lists the engine bench of every registered kind that has a bench/<kind>.ts, then the service benches', () => {
    const engines = KINDS.filter((kind) => existsSync(new URL(`../../bench/${kind}.ts`, import.meta.url)));
    expect(engines).toContain('sudoku');
    const run = bench(['nosuch']);
    expect(run.stderr).toContain(
      `benchmarks are ${[...engines, 'fairplay', 'day', 'http', 'shards', 'growth', 'push', 'shares', 'hints', 'split'].join(', ')}\n`,
    );
  });
});
