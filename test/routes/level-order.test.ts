import { describe, expect, it } from 'vitest';
import { KindListSchema } from '../../src/contract/kind-info.js';
import { DayPuzzlesSchema } from '../../src/contract/puzzle.js';
import { engineFor, KINDS } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';

/** Every kind in the registry's order, each with its engine's levels, easiest first. */
const REGISTRY_ORDER = KINDS.flatMap((kind) => engineFor(kind).levels.map((level) => `${kind}:${level}`));

const keys = async (res: Response) =>
  (await bodyOf(res, DayPuzzlesSchema)).puzzles.map((p) => `${p.kind}:${p.level}`);

describe('lists of puzzles in difficulty order', () => {
  const get = appAt('2026-11-29T12:00:00Z');

  it("lists today's puzzles by registry kind, then each kind's levels easiest first", async () => {
    expect(await keys(await get('/v1/puzzles/today'))).toEqual(REGISTRY_ORDER);
  });

  it("lists a date's puzzles in the same order", async () => {
    expect(await keys(await get('/v1/puzzles/2026-11-28'))).toEqual(REGISTRY_ORDER);
  });

  it('puts sudoku expert after hard, not alphabetically after easy', async () => {
    const sudoku = (await keys(await get('/v1/puzzles/today'))).filter((k) => k.startsWith('sudoku:'));
    expect(sudoku).toEqual(['sudoku:easy', 'sudoku:medium', 'sudoku:hard', 'sudoku:expert']);
  });

  it('puts colour sort superhard last among its levels', async () => {
    const colorsort = (await keys(await get('/v1/puzzles/today'))).filter((k) => k.startsWith('colorsort:'));
    expect(colorsort).toEqual([
      'colorsort:easy',
      'colorsort:medium',
      'colorsort:hard',
      'colorsort:superhard',
    ]);
  });

  it('lists the kinds of GET /v1/kinds with their levels in the same order', async () => {
    const body = await bodyOf(await get('/v1/kinds'), KindListSchema);
    expect(body.kinds.flatMap((k) => k.levels.map((level) => `${k.kind}:${level}`))).toEqual(REGISTRY_ORDER);
  });
});
