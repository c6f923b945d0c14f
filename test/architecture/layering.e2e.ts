import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, cyclesOf, filesUnder, importGraph, loopThrough, SRC } from './import-graph.js';

/**
 * The one-way flow of CONTRIBUTING.md, read off the sources: route → play → (daily | rating | fairplay) →
 * (engines | db). Each area of `src/` (every folder and every top-level file) lists the areas it may import;
 * a new import against the flow fails here with the file and the import, instead of in a review. Type
 * imports count: a type cycle ties files together as much as a runtime one.
 */
type Area = string;

const MAY_IMPORT: Record<Area, readonly Area[]> = {
  // Entry points and the composition root.
  'index.ts': ['app.ts', 'daily', 'env.ts', 'http', 'live', 'play', 'runtime', 'services.ts', 'webhooks'],
  'app.ts': ['http', 'routes'],
  cli: ['contract', 'engines', 'kinds'],
  routes: [
    'auth',
    'card',
    'contract',
    'daily',
    'db',
    'engines',
    'http',
    'kinds',
    'play',
    'rating',
    'services.ts',
  ],
  http: ['auth', 'config.ts', 'contract', 'db', 'engines', 'env.ts', 'runtime', 'services.ts'],
  play: [
    'auth',
    'card',
    'contract',
    'daily',
    'db',
    'engines',
    'fairplay',
    'kinds',
    'live',
    'push',
    'rating',
    'runtime',
    'services.ts',
    'webhooks',
  ],
  // A board is an entry point of its own (like index.ts): it runs the ratings' catch-up flows of play/ when it
  // copies its solves to D1. play/ reaches boards only through live/boards.ts, which imports nothing of play/.
  live: ['contract', 'db', 'env.ts', 'kinds', 'play', 'rating', 'runtime'],
  'services.ts': ['config.ts', 'db', 'env.ts', 'live', 'push', 'runtime', 'webhooks'],
  // What both entry points and the board objects share: the logger, the development clock (read from D1).
  runtime: ['db'],
  'config.ts': ['auth', 'daily', 'env.ts', 'push', 'secret-strength.ts'],
  daily: ['auth', 'contract', 'db', 'engines', 'kinds', 'rating'],
  db: ['contract', 'engines', 'fairplay', 'kinds', 'rating'],
  card: ['contract', 'kinds'],
  // Webhooks' pure parts (signing, payloads, the retry schedule, the URL rules) and the one fetch of a try.
  webhooks: ['contract'],
  kinds: ['contract', 'engines', 'rating'],
  client: ['contract'],
  fairplay: ['engines', 'rating'],
  'env.ts': [],
  'secret-strength.ts': [],
  engines: [],
  contract: [],
  rating: [],
  auth: [],
  push: [],
};

/** The one import against the order of the rows, declared: a board (live/) runs play/'s catch-up flows. */
const UPWARD: readonly (readonly [Area, Area])[] = [['live', 'play']];

const graph = importGraph();

/** The areas of `src/`: its folders and its top-level files. */
function areasOfSrc(): Area[] {
  return readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

describe('imports run one way', () => {
  it('every folder and top-level file of src has a row, and every row is one of them', () => {
    expect(Object.keys(MAY_IMPORT).sort()).toEqual(areasOfSrc());
  });

  for (const [area, allowed] of Object.entries(MAY_IMPORT)) {
    it(`src/${area} imports only ${allowed.length ? allowed.join(', ') : 'itself'}`, () => {
      const against = [...graph]
        .filter(([file]) => areaOf(file) === area)
        .flatMap(([file, targets]) =>
          targets
            .filter((target) => areaOf(target) !== area && !allowed.includes(areaOf(target)))
            .map((target) => `${file} imports ${target}`),
        );
      expect(against).toEqual([]);
    });
  }

  it('no file imports itself round a circle, type imports counted', () => {
    expect(cyclesOf(graph).map((knot) => loopThrough(graph, knot).join(' → '))).toEqual([]);
  });

  it('the rows stack in one order: no area imports upward but the declared live → play', () => {
    const declared = new Map(
      Object.entries(MAY_IMPORT).map(([area, allowed]) => [
        area,
        allowed.filter((to) => !UPWARD.some(([a, b]) => a === area && b === to)),
      ]),
    );
    expect(cyclesOf(declared).map((knot) => loopThrough(declared, knot).join(' → '))).toEqual([]);
  });

  it('the declared upward import is one the rows allow, so it is not a stale exception', () => {
    for (const [from, to] of UPWARD) expect(MAY_IMPORT[from]).toContain(to);
  });

  it('src/contract imports nothing but zod and itself', () => {
    const outside = filesUnder(path.join(SRC, 'contract')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s*'([^.][^']*)'/g)]
        .map((m) => m[1] as string)
        .filter((name) => name !== 'zod')
        .map((name) => `${path.relative(SRC, file)} imports ${name}`),
    );
    expect(outside).toEqual([]);
  });
});

describe('the import graph the rules above read', () => {
  it('holds a relative import, so an empty list above means something', () => {
    expect(graph.get(path.join('play', 'register.ts'))).toContain(path.join('db', 'players.ts'));
  });

  it('holds a type-only import', () => {
    expect(readFileSync(path.join(SRC, 'http/context.ts'), 'utf8')).toContain(
      "import type { Services } from '../services.js';",
    );
    expect(graph.get(path.join('http', 'context.ts'))).toContain('services.ts');
  });

  it('finds a circle of three files and shows the way round it', () => {
    const circle = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(cyclesOf(circle)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(loopThrough(circle, ['a.ts', 'b.ts', 'c.ts'])).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });

  it('finds a file that imports itself, and none in a graph without a circle', () => {
    expect(cyclesOf(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
    expect(
      cyclesOf(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
