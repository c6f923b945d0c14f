import { describe, expect, it } from 'vitest';
import { solveTubes } from '../../../src/engines/colorsort/index.js';
import lieoric from '../../fixtures/colorsort/lieoric_unsolvable.json';
import sortpuz from '../../fixtures/colorsort/sortpuz_levels.json';
import { NOTES_EXAMPLE } from './helpers.js';

// The solver's own fast tests (well under a second): the search's exact work is pinned, because the grader
// reports its node count and the generator records it, so a change to the search order or its pruning
// that still finds an optimum shows here. Stryker runs colour sort's solver against this file and
// solve.test.ts only (RELIABILITY.md, "Mutation testing").

/** [level id, states expanded, states stored], measured on the search as it stands. */
const SORTPUZ_WORK: readonly (readonly [string, number, number])[] = [
  ['sortpuz-level-1', 1, 2],
  ['sortpuz-level-2', 2, 3],
  ['sortpuz-level-3', 7, 21],
  ['sortpuz-level-4', 8, 25],
  ['sortpuz-level-5', 13, 63],
  ['sortpuz-level-6', 13, 59],
  ['sortpuz-level-7', 15, 77],
  ['sortpuz-level-8', 17, 53],
  ['sortpuz-level-9', 20, 80],
  ['sortpuz-level-10', 22, 60],
  ['sortpuz-level-11', 19, 111],
  ['sortpuz-level-12', 18, 98],
  ['sortpuz-level-13', 39, 147],
  ['sortpuz-level-14', 39, 99],
  ['sortpuz-level-15', 19, 99],
  ['sortpuz-level-16', 20, 71],
  ['sortpuz-level-17', 47, 294],
  ['sortpuz-level-18', 717, 970],
  ['sortpuz-level-19', 17, 80],
  ['sortpuz-level-20', 18, 121],
  ['sortpuz-level-21', 20, 92],
  ['sortpuz-level-22', 325, 703],
  ['sortpuz-level-23', 17, 68],
  ['sortpuz-level-24', 82, 220],
  ['sortpuz-level-25', 21, 123],
  ['sortpuz-level-26', 159, 307],
  ['sortpuz-level-27', 22, 74],
  ['sortpuz-level-28', 19, 66],
  ['sortpuz-level-29', 24, 95],
  ['sortpuz-level-30', 579, 866],
];

/** [instance id, states expanded = states stored]: proving unsolvable expands every state it stores. */
const LIEORIC_WORK: readonly (readonly [string, number])[] = [
  ['lieoric/counterexamples/ce-000', 1177],
  ['lieoric/counterexamples/ce-004', 2438],
  ['lieoric/counterexamples/ce-005', 2969],
  ['lieoric/counterexamples/ce-006', 21614],
  ['lieoric/counterexamples/ce-007', 965],
  ['lieoric/experiments/minimized-15b', 89],
  ['lieoric/experiments/skeleton-h8-ce-000', 89],
  ['lieoric/experiments/skeleton-h8-ce-001', 89],
  ['lieoric/experiments/skeleton-h8-ce-002', 90],
  ['lieoric/fixtures/ito-h3-k2-n9', 5887],
];

describe('colour sort solver, its work pinned', () => {
  it('proves the original’s example in these 15 pours, expanding 26 states and storing 65', () => {
    expect(solveTubes(NOTES_EXAMPLE.tubes, 4)).toEqual({
      moves: [
        [1, 5],
        [0, 6],
        [3, 0],
        [3, 6],
        [0, 3],
        [2, 3],
        [1, 0],
        [2, 5],
        [2, 0],
        [1, 6],
        [4, 1],
        [4, 5],
        [4, 1],
        [0, 4],
        [0, 1],
      ],
      nodes: 26,
      states: 65,
      truncated: false,
      lowerBound: 15,
    });
  });

  it('expands and stores the pinned numbers of states for each of the 30 SortPuz levels', () => {
    const levels = new Map(sortpuz.map((level) => [level.id, level]));
    const work = SORTPUZ_WORK.map(([id]) => {
      const level = levels.get(id);
      if (!level) throw new Error(`no level ${id}`);
      const result = solveTubes(level.tubes, level.capacity);
      return [id, result.nodes, result.states];
    });
    expect(work).toEqual(SORTPUZ_WORK);
  });

  it('expands every state it stores, the pinned number, to prove each lieoric instance unsolvable', () => {
    const instances = new Map(lieoric.map((instance) => [instance.id, instance]));
    const work = LIEORIC_WORK.map(([id]) => {
      const instance = instances.get(id);
      if (!instance) throw new Error(`no instance ${id}`);
      const result = solveTubes(instance.tubes, instance.capacity, 1_000_000);
      return [id, result.nodes, result.states];
    });
    expect(work).toEqual(LIEORIC_WORK.map(([id, n]) => [id, n, n]));
  });
});
