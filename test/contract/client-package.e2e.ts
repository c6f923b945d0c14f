import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The client as a front end gets it: `npm pack` of this repository (which builds dist/ first), installed
 * offline into a new browser-style project (DOM types only, no Workers or Node types, library checks
 * on), then typechecked with this repository's TypeScript.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
const quiet: { cwd: string; encoding: 'utf8'; stdio: ['ignore', 'pipe', 'pipe'] } = {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
};

const BROWSER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ES2022',
    moduleResolution: 'Bundler',
    lib: ['dom', 'ES2022'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  },
};

/** A page's use of the client: every kind's puzzle read through the union, a submission, a board, errors. */
const USE = `import { ApiError, createClient, type LogEntry, type Puzzle } from 'daily-puzzles/client';

const api = createClient('', { token: () => localStorage.getItem('token') });

function summary(p: Puzzle): string {
  switch (p.kind) {
    case 'sudoku':
      return p.puzzle.grid;
    case 'pattern':
      return \`\${p.puzzle.width}×\${p.puzzle.height}, \${p.puzzle.rows.length} row clues\`;
    case 'loop':
      return p.puzzle.clues;
    case 'signal':
      return \`\${p.puzzle.n}: \${p.puzzle.top.join(' ')}\`;
    case 'colorsort':
      return \`\${p.puzzle.tubes.flat().filter((unit) => unit === null).length} hidden\`;
  }
}

async function play(): Promise<void> {
  const day = await api.today({ tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  for (const p of day.puzzles) document.body.append(summary(p));
  const sudoku = await api.puzzle(day.date, 'sudoku', 'easy');
  const startedAt: string | undefined = sudoku.session?.startedAt;
  const log: LogEntry[] = [];
  log.push([1000, 0, 5]);
  try {
    const result = await api.submit(day.date, 'sudoku', 'easy', { solution: { grid: sudoku.puzzle.grid }, log });
    console.log(result.score, result.streak.current, startedAt);
    // @ts-expect-error: a sudoku is solved with a grid, not a pattern's cells
    await api.submit(day.date, 'sudoku', 'easy', { solution: { cells: '0110' }, log: [] });
  } catch (error) {
    if (error instanceof ApiError && error.code === 'network') console.log('offline');
    else if (error instanceof ApiError) console.log(error.status, error.code, error.message);
  }
  const board = await api.leaderboard(day.date, 'sudoku', 'easy', { scope: 'following', limit: 10 });
  const me = await api.updateMe({ boardVisibility: 'followers' });
  console.log(board.nextCursor, board.entries[0]?.countedMs, me.streak.best);
}

void play();
`;

interface PackageJson {
  dependencies?: Record<string, string>;
}

let work: string;
let app: string;
let packed: string[];

function typecheck(file: string): { status: number | null; output: string } {
  writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({ ...BROWSER_TSCONFIG, files: [file] }));
  const run = spawnSync(tsc, ['-p', path.join(app, 'tsconfig.json')], { ...quiet, cwd: app });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'client-package-'));
  app = path.join(work, 'app');
  mkdirSync(app);
  const [pack] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], quiet)) as {
    filename: string;
    files: { path: string }[];
  }[];
  if (!pack) throw new Error('npm pack made nothing');
  packed = pack.files.map((f) => f.path);
  // The package's dependencies, packed from this repository's own install: nothing is downloaded, and
  // npm's offline install needs no registry answer it may not have cached.
  const dependencies = Object.keys(
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson).dependencies ?? {},
  );
  const tarballs = dependencies.map((name) => {
    const [made] = JSON.parse(
      execFileSync(
        'npm',
        [
          'pack',
          path.join(root, 'node_modules', name),
          '--json',
          '--pack-destination',
          work,
          '--ignore-scripts',
        ],
        quiet,
      ),
    ) as { filename: string }[];
    if (!made) throw new Error(`npm pack made nothing of ${name}`);
    return path.join(work, made.filename);
  });
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'browser-app', private: true, type: 'module' }),
  );
  execFileSync(
    'npm',
    [
      'install',
      '--offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      path.join(work, pack.filename),
      ...tarballs,
    ],
    { ...quiet, cwd: app },
  );
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the client package', () => {
  it('holds the built client with its types, and none of the Worker', () => {
    expect(packed).toContain('dist/client/index.js');
    expect(packed).toContain('dist/client/index.d.ts');
    expect(packed.filter((f) => !f.startsWith('dist/')).sort()).toEqual(['README.md', 'package.json']);
    const folders = new Set(packed.map((f) => f.split('/').slice(0, 2).join('/')));
    // Nothing of the engines: the levels and the log entry's shape are the contract's.
    expect([...folders].sort()).toEqual(['README.md', 'dist/client', 'dist/contract', 'package.json']);
  });

  it('declares its types with nothing but zod beside its own files', () => {
    const installed = path.join(app, 'node_modules', 'daily-puzzles', 'dist');
    const declarations = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.d.ts'),
    );
    const imported = declarations.flatMap((f) =>
      [...readFileSync(path.join(installed, f), 'utf8').matchAll(/from '([^']+)'|import\("([^"]+)"\)/g)].map(
        (m) => m[1] ?? m[2],
      ),
    );
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((spec) => !spec?.startsWith('.') && spec !== 'zod')).toEqual([]);
  });

  it('typechecks a browser project using it with the DOM library only', () => {
    writeFileSync(path.join(app, 'main.ts'), USE);
    const { status, output } = typecheck('main.ts');
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it("refuses, in that project, a submission in another kind's format", () => {
    writeFileSync(
      path.join(app, 'wrong.ts'),
      `import { createClient } from 'daily-puzzles/client';\n` +
        `void createClient('').submit('2026-11-29', 'loop', 'easy', { solution: { grid: '1' }, log: [] });\n`,
    );
    const { status, output } = typecheck('wrong.ts');
    expect(status).not.toBe(0);
    expect(output).toContain('edges');
  });

  it("refuses, in that project, a level the kind does not have (colour sort's superhard for a sudoku)", () => {
    writeFileSync(
      path.join(app, 'level.ts'),
      `import { createClient } from 'daily-puzzles/client';\n` +
        `void createClient('').puzzle('2026-11-29', 'colorsort', 'superhard');\n` +
        `void createClient('').puzzle('2026-11-29', 'sudoku', 'superhard');\n`,
    );
    const { status, output } = typecheck('level.ts');
    expect(status).not.toBe(0);
    expect(output).toContain('level.ts(3,');
    expect(output).not.toContain('level.ts(2,');
    expect(output).toContain('"superhard"');
  });
});
