import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'puzzle-cli-'));

/** `npm run puzzle -- …` without npm's banner: the same entry point, run as its own process. */
function puzzle(args: string[], input?: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe('npm run puzzle', () => {
  it("generates the seeds' colour-sort example as JSON", () => {
    const run = puzzle(['generate', 'colorsort', 'easy', '--seed', 'notes-example', '--json']);
    expect(run.code).toBe(0);
    const made = JSON.parse(run.stdout) as { puzzle: { tubes: number[][] }; attempt: number };
    expect(made.attempt).toBe(2);
    expect(made.puzzle.tubes).toEqual([
      [2, 1, 0, 3],
      [2, 3, 1, 4],
      [1, 4, 4, 0],
      [0, 3, 3, 0],
      [1, 2, 4, 2],
      [],
      [],
    ]);
  });

  it('generates, solves, checks and grades a puzzle of every kind through files and standard input', () => {
    for (const kind of ['sudoku', 'pattern', 'loop', 'signal', 'colorsort']) {
      const made = JSON.parse(puzzle(['generate', kind, 'easy', '--seed', 'cli', '--json']).stdout) as {
        puzzle: unknown;
        solution: unknown;
        grade: { level: string };
      };
      expect(made.grade.level).toBe('easy');
      const puzzleFile = file(`${kind}.json`, made.puzzle);
      const solved = puzzle(['solve', kind, puzzleFile, '--json']);
      expect(JSON.parse(solved.stdout)).toMatchObject({ solutions: 1, truncated: false });
      expect(puzzle(['check', kind, puzzleFile, file(`${kind}-solution.json`, made.solution)]).code).toBe(0);
      const graded = puzzle(['grade', kind, '-'], JSON.stringify(made.puzzle));
      expect(JSON.parse(graded.stdout)).toMatchObject({ level: 'easy' });
    }
  });

  it('prints an ASCII picture by default', () => {
    const run = puzzle(['generate', 'sudoku', 'easy', '--seed', 'cli']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\+-------\+-------\+-------\+/);
  });

  it('makes a 9×9 signal board with --size', () => {
    const run = puzzle(['generate', 'signal', 'expert', '--seed', 'nine', '--size', '9', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { puzzle: { n: number } }).puzzle.n).toBe(9);
  });

  it('makes pattern and loop boards of other sizes with --size', () => {
    const wide = puzzle(['generate', 'pattern', 'medium', '--seed', 'wide', '--size', '30x12', '--json']);
    expect(JSON.parse(wide.stdout)).toMatchObject({ puzzle: { width: 30, height: 12 } });
    const loop = puzzle(['generate', 'loop', 'easy', '--seed', 's', '--size', '6', '--json']);
    expect(JSON.parse(loop.stdout)).toMatchObject({ puzzle: { width: 6, height: 6 } });
  });

  it('exits 1 when a checked solution is wrong, with the reason', () => {
    const made = JSON.parse(puzzle(['generate', 'sudoku', 'easy', '--seed', 'cli', '--json']).stdout) as {
      puzzle: { grid: string };
      solution: { grid: string };
    };
    const g = made.solution.grid;
    const run = puzzle([
      'check',
      'sudoku',
      file('p.json', made.puzzle),
      file('bad.json', { grid: `${g[1]}${g[0]}${g.slice(2)}` }),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('rejected');
  });

  it('runs the breakdown check: the undecided cells of a solved grid have exactly one unique tuple', () => {
    const made = JSON.parse(puzzle(['generate', 'sudoku', 'easy', '--seed', 'cli', '--json']).stdout) as {
      solution: { grid: string };
    };
    const g = made.solution.grid;
    const grid = `?${g.slice(1, 10)}?${g.slice(11)}`;
    const run = puzzle(['breakdown', file('b.json', { grid })]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      cells: [0, 10],
      totalSolutions: 1,
      uniqueTuples: [`${g[0]}${g[10]}`],
    });
  });

  it.each([
    [['generate', 'chess', 'easy', '--seed', 'x']],
    [['generate', 'sudoku', 'superhard', '--seed', 'x']],
    [['generate', 'sudoku', 'easy']],
    [['solve', 'sudoku', '/nonexistent/file.json']],
    [['solve', 'sudoku', '-']],
    [['frobnicate']],
    [['generate', 'loop', 'easy', '--seed', 'x', '--size', 'huge']],
  ])('refuses bad input %j with a message and exit code 2', (args) => {
    const run = puzzle(args, '{"grid": "not a grid"}');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error:');
  });
});
