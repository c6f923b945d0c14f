import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The one-way flow of CONTRIBUTING.md, read off the sources: route → play → (daily | rating | fairplay) →
 * (engines | db). Each area lists the areas of `src/` it may import; a new import against the flow fails
 * here with the file and the import, instead of in a review.
 */
const SRC = path.join(import.meta.dirname, '../../src');

type Area = string;

const MAY_IMPORT: Record<Area, readonly Area[]> = {
  engines: [],
  contract: [],
  rating: [],
  auth: [],
  push: [],
  fairplay: ['engines', 'rating'],
  client: ['contract'],
  kinds: ['contract', 'engines', 'rating'],
  card: ['contract', 'kinds'],
  db: ['contract', 'engines', 'fairplay', 'kinds', 'rating'],
  daily: ['auth', 'config.ts', 'contract', 'db', 'engines', 'kinds', 'rating'],
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
    'services.ts',
  ],
  // A board is an entry point of its own (like index.ts): it runs the ratings' catch-up flows of play/ when it
  // copies its solves to D1. play/ reaches boards only through live/boards.ts, which imports nothing of play/.
  live: ['contract', 'db', 'env.ts', 'http', 'kinds', 'play', 'rating'],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import of a file, static or dynamic, resolved to its area of `src/` (a folder or a top file). */
function areasImportedBy(file: string): { specifier: string; area: Area }[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specifiers.map((specifier) => {
    const target = path.relative(SRC, path.resolve(path.dirname(file), specifier)).replace(/\.js$/, '.ts');
    return { specifier, area: target.split(path.sep)[0] as Area };
  });
}

describe('imports run one way', () => {
  for (const [area, allowed] of Object.entries(MAY_IMPORT)) {
    it(`src/${area} imports only ${allowed.length ? allowed.join(', ') : 'itself'}`, () => {
      const against = filesUnder(path.join(SRC, area)).flatMap((file) =>
        areasImportedBy(file)
          .filter((i) => i.area !== area && !allowed.includes(i.area))
          .map((i) => `${path.relative(SRC, file)} imports ${i.specifier}`),
      );
      expect(against).toEqual([]);
    });
  }

  it('src/contract imports nothing but zod and itself', () => {
    const outside = filesUnder(path.join(SRC, 'contract')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s*'([^.][^']*)'/g)]
        .map((m) => m[1] as string)
        .filter((name) => name !== 'zod')
        .map((name) => `${path.relative(SRC, file)} imports ${name}`),
    );
    expect(outside).toEqual([]);
  });

  it('the scanner sees a relative import, so an empty list above means something', () => {
    expect(areasImportedBy(path.join(SRC, 'play/register.ts')).map((i) => i.area)).toContain('db');
  });
});
