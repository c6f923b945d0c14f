import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type IsoDate } from '../../src/daily/calendar.js';
import { descriptorOf, engineFor, KINDS, type Kind } from '../../src/kinds/index.js';
import { type LocalWorker, startWorker } from '../e2e/worker.js';
import { FINGERPRINT_SEED, FINGERPRINTS, fingerprint } from '../engines/fingerprints.js';

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

/** A stack trace line, which a refused input must never print. */
const STACK_LINE = /^\s+at /m;

function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe('npm run puzzle', () => {
  it("generates the original's colour-sort example as JSON", () => {
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
    for (const kind of KINDS) {
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

  it('generates in Node the very puzzles pinned in workerd (test/engines/fingerprints.ts)', async () => {
    for (const kind of KINDS) {
      const level = engineFor(kind).levels[0];
      const run = puzzle(['generate', kind, `${level}`, '--seed', FINGERPRINT_SEED, '--json']);
      const { puzzle: made, version } = JSON.parse(run.stdout) as { puzzle: unknown; version: number };
      expect(await fingerprint(made), kind).toBe(FINGERPRINTS[`${kind}@${version}`]?.[`${level}`]);
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
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it.each([
    [['generate', 'sudoku', 'easy', '--seed', 'x', '--frob'], /unknown option --frob/],
    [['generate', 'sudoku', 'easy', '--seed', 'x', '-v'], /unknown option -v/],
    [['generate', 'sudoku', 'easy', '--seed', 'x', '--max', '3'], /generate takes no --max/],
    [['solve', 'sudoku', '-', '--seed', 'x'], /solve takes no --seed/],
    [['generate', 'sudoku', 'easy', '--seed'], /--seed needs a value/],
    [['generate', 'sudoku', 'easy', '--seed', 'x', '--seed', 'y'], /--seed is given twice/],
    [['generate', 'sudoku', 'easy', '--seed', 'x', '--json=yes'], /--json takes no value/],
    [['solve', 'sudoku', 'a.json', 'b.json'], /solve: unexpected argument "b.json"/],
    [['generate', 'sudoku', 'easy', 'extra', '--seed', 'x'], /generate: unexpected argument "extra"/],
    [['solve', 'sudoku', '-', '--max', '2x'], /--max must be a positive integer/],
  ])('refuses %j instead of ignoring it: exit 2 and %s', (args, message) => {
    const run = puzzle(args, '{}');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.stdout).toBe('');
  });

  it('takes --name=value as well as --name value', () => {
    const run = puzzle(['generate', 'sudoku', 'easy', '--seed=cli', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ seed: 'cli', kind: 'sudoku', level: 'easy' });
  });

  it('documents --json for every command that prints something else without it', () => {
    const run = puzzle(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['generate', 'solve', 'check']) {
      expect(run.stdout).toMatch(new RegExp(`^  ${command} .*\\[--json\\]`, 'm'));
    }
  });
});

describe('npm run puzzle on what generate --json prints', () => {
  function generated(kind: string) {
    const run = puzzle(['generate', kind, 'easy', '--seed', 'as-printed', '--json']);
    expect(run.code).toBe(0);
    return file(`${kind}-generated.json`, JSON.parse(run.stdout));
  }

  it('solves, grades and checks with the whole output as puzzle file and as solution file', () => {
    for (const kind of KINDS) {
      const output = generated(kind);
      expect(JSON.parse(puzzle(['solve', kind, output, '--json']).stdout)).toMatchObject({ solutions: 1 });
      expect(JSON.parse(puzzle(['grade', kind, output]).stdout)).toMatchObject({ level: 'easy' });
      const checked = puzzle(['check', kind, output, output]);
      expect([kind, checked.code, checked.stdout]).toEqual([kind, 0, expect.stringMatching(/^valid/)]);
    }
  });

  it('reads it from standard input too', () => {
    const made = puzzle(['generate', 'signal', 'easy', '--seed', 'as-printed', '--json']).stdout;
    expect(JSON.parse(puzzle(['solve', 'signal', '-', '--json'], made).stdout)).toMatchObject({
      solutions: 1,
    });
  });

  it("refuses another kind's output by name, with exit 2", () => {
    const run = puzzle(['solve', 'sudoku', generated('loop')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds a loop puzzle, not sudoku/);
  });

  it('still checks a wrong solution against it as wrong (exit 1)', () => {
    const output = generated('sudoku');
    const { solution } = JSON.parse(
      puzzle(['generate', 'sudoku', 'easy', '--seed', 'other', '--json']).stdout,
    ) as {
      solution: unknown;
    };
    const run = puzzle(['check', 'sudoku', output, file('other-solution.json', { solution })]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^rejected/);
  });
});

describe('npm run puzzle on what solve --json prints', () => {
  it("checks the solver's own output as valid for every kind: generate → solve → check", () => {
    for (const kind of KINDS) {
      const made = JSON.parse(
        puzzle(['generate', kind, 'easy', '--seed', 'round-trip', '--json']).stdout,
      ) as {
        puzzle: unknown;
      };
      const puzzleFile = file(`${kind}-round-trip.json`, made.puzzle);
      const solved = puzzle(['solve', kind, puzzleFile, '--json']);
      expect(solved.code).toBe(0);
      const solvedFile = join(dir, `${kind}-solved.json`);
      writeFileSync(solvedFile, solved.stdout);
      const checked = puzzle(['check', kind, puzzleFile, solvedFile]);
      expect([kind, checked.code, checked.stdout]).toEqual([kind, 0, expect.stringMatching(/^valid/)]);
    }
  });

  it('reads the solve output from standard input as the solution', () => {
    const made = JSON.parse(
      puzzle(['generate', 'loop', 'easy', '--seed', 'round-trip', '--json']).stdout,
    ) as {
      puzzle: unknown;
    };
    const puzzleFile = file('loop-stdin.json', made.puzzle);
    const solved = puzzle(['solve', 'loop', puzzleFile, '--json']).stdout;
    expect(puzzle(['check', 'loop', puzzleFile, '-'], solved).code).toBe(0);
  });

  it("refuses another kind's solve output by name, with exit 2", () => {
    const made = JSON.parse(
      puzzle(['generate', 'signal', 'easy', '--seed', 'round-trip', '--json']).stdout,
    ) as {
      puzzle: unknown;
    };
    const solved = puzzle(['solve', 'signal', file('signal-other.json', made.puzzle), '--json']).stdout;
    const sudoku = JSON.parse(
      puzzle(['generate', 'sudoku', 'easy', '--seed', 'round-trip', '--json']).stdout,
    ) as {
      puzzle: unknown;
    };
    const run = puzzle(['check', 'sudoku', file('sudoku-other.json', sudoku.puzzle), '-'], solved);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds a signal puzzle, not sudoku/);
  });

  it('says a solve output without a solution has nothing to check, with exit 2 and no stack', () => {
    const made = JSON.parse(
      puzzle(['generate', 'sudoku', 'easy', '--seed', 'round-trip', '--json']).stdout,
    ) as {
      puzzle: unknown;
    };
    const none = { kind: 'sudoku', solutions: 0, first: null, nodes: 12, truncated: false };
    const run = puzzle(['check', 'sudoku', file('sudoku-none.json', made.puzzle), file('none.json', none)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/solve output without a solution/);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});

/**
 * What the service prints, fetched from the real Worker (its deploy bundle, local D1): a day whose answers are
 * public (three days ago has ended everywhere on Earth) and today, whose colour-sort answer is not.
 */
describe('npm run puzzle on what the service prints', () => {
  let worker: LocalWorker;
  let today: IsoDate;
  let closed: IsoDate;

  async function save(name: string, path: string): Promise<string> {
    const res = await fetch(`${worker.url}${path}`);
    const text = await res.text();
    expect(res.status, `${path}: ${text}`).toBe(200);
    return file(name, JSON.parse(text));
  }

  beforeAll(async () => {
    worker = await startWorker();
    const res = await fetch(`${worker.url}/v1/puzzles/today`);
    today = ((await res.json()) as { date: IsoDate }).date;
    closed = addDays(today, -3);
  });

  afterAll(async () => {
    await worker?.stop();
  });

  const shown = KINDS.filter((kind) => !descriptorOf(kind).reveal);
  const hiding = KINDS.filter((kind) => descriptorOf(kind).reveal);

  it.each(shown)(
    '%s: solves and grades a GET /v1/puzzles/{date}/{kind}/{level} response as it is',
    async (kind) => {
      const response = await save(`${kind}-view.json`, `/v1/puzzles/${today}/${kind}/easy`);
      const solved = puzzle(['solve', kind, response, '--json']);
      expect(solved.code).toBe(0);
      expect(JSON.parse(solved.stdout)).toMatchObject({ solutions: 1, truncated: false });
      expect(puzzle(['grade', kind, response]).code).toBe(0);
    },
  );

  it.each(KINDS)(
    '%s: solves and checks with an /answer response as puzzle and solution',
    async (kind: Kind) => {
      const full = await save(`${kind}-answer.json`, `/v1/puzzles/${closed}/${kind}/easy/answer`);
      const solved = puzzle(['solve', kind, full, '--json']);
      expect(solved.code).toBe(0);
      expect(JSON.parse(solved.stdout)).toMatchObject({ solutions: 1, truncated: false });
      const checked = puzzle(['check', kind, full, full, '--json']);
      expect(checked.code).toBe(0);
      expect(JSON.parse(checked.stdout)).toMatchObject({ ok: true });
    },
  );

  it.each(hiding)(
    '%s: refuses the public puzzle with its hidden parts, naming the /answer route and when it opens',
    async (kind) => {
      const response = await save(`${kind}-public.json`, `/v1/puzzles/${today}/${kind}/easy`);
      const { answersPublicAt } = JSON.parse(readFileSync(response, 'utf8')) as { answersPublicAt: string };
      for (const command of ['solve', 'grade']) {
        const run = puzzle([command, kind, response]);
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(
          `only available from GET /v1/puzzles/${today}/${kind}/easy/answer once the date is public (from ${answersPublicAt})`,
        );
        expect(run.stderr).not.toMatch(STACK_LINE);
      }
    },
  );

  it.each(hiding)("%s: refuses the bare public puzzle (the response's puzzle field) alike", async (kind) => {
    const response = await save(`${kind}-public.json`, `/v1/puzzles/${today}/${kind}/easy`);
    const bare = file(
      `${kind}-public-bare.json`,
      (JSON.parse(readFileSync(response, 'utf8')) as { puzzle: unknown }).puzzle,
    );
    const run = puzzle(['solve', kind, bare]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /hidden parts \(null\).*only available from GET \/v1\/puzzles\/\{date\}\/\w+\/\{level\}\/answer once the date is public/s,
    );
  });

  it("refuses a day's list with a hint how to pick one puzzle", async () => {
    const day = await save('day.json', `/v1/puzzles/${today}`);
    const run = puzzle(['solve', 'sudoku', day]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is a list of \d+ puzzles; pass one of them/);
  });

  it("refuses another kind's response by name", async () => {
    const response = await save('loop-view.json', `/v1/puzzles/${today}/loop/easy`);
    const run = puzzle(['solve', 'signal', response]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/holds a loop puzzle, not signal/);
  });
});
