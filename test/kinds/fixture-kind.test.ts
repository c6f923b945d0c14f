/**
 * CONTRIBUTING's recipe for a new kind, walked with a fixture kind (a 4×4 Latin square in
 * test/kinds/fixture-kind/: its engine, its wire format and its descriptor, the files the recipe writes).
 * The fixture joins the five kinds through the generic builder the service's registry uses
 * (src/kinds/registry.ts), never the service's own registry, and is played through the registry alone.
 * Each `@ts-expect-error` fails `npm run typecheck` once the mistake under it compiles.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KIND_SHAPES, KINDS } from '../../src/contract/kinds/index.js';
import type { HintStep } from '../../src/engines/hint.js';
import { noSuchLevel } from '../../src/engines/levels.js';
import type { KindDescriptorFor } from '../../src/kinds/descriptor.js';
import { KIND_DESCRIPTORS } from '../../src/kinds/index.js';
import { kindRegistry } from '../../src/kinds/registry.js';
import { evenLog } from '../support/logs.js';
import { latinShapes } from './fixture-kind/contract.js';
import { latin } from './fixture-kind/descriptor.js';

const SHAPES = { ...KIND_SHAPES, latin: latinShapes };
const registry = kindRegistry(SHAPES, { ...KIND_DESCRIPTORS, latin });
/** Hints a 4×4 square needs at most: one per cell. */
const MAX_HINTS = 16;

describe('a sixth kind made by the recipe', () => {
  it("lists the fixture after the service's five kinds, in the wire format's order", () => {
    expect(registry.kinds).toEqual([...KINDS, 'latin']);
    expect(registry.isKind('latin')).toBe(true);
  });

  it('generates through the registry a puzzle its solver finds unique and whose solution its checker accepts', () => {
    const engine = registry.engineFor('latin');
    const { puzzle, solution } = engine.generate('fixture', 'hard');
    const solved = engine.solve(puzzle);
    expect(solved.solutions).toEqual([solution]);
    expect(engine.check(puzzle, solution)).toEqual({ ok: true });
  });

  it('refuses through the registry a solution that repeats a digit in a column, with a reason', () => {
    const columnsRepeat = { grid: '1234123412341234' };
    const verdict = registry.engineFor('latin').check({ givens: '.'.repeat(16) }, columnsRepeat);
    expect(verdict).toEqual({
      ok: false,
      reason: 'cell 0 (row 1, column 1) repeats a digit of its row or column',
    });
  });

  it("shows players a puzzle and takes a solution in the fixture's wire format", () => {
    const engine = registry.engineFor('latin');
    const { puzzle, solution } = engine.generate('fixture', 'easy');
    const descriptor = registry.descriptorOf('latin');
    expect(descriptor.publicPuzzle.safeParse(engine.toPublic(puzzle)).success).toBe(true);
    expect(descriptor.solution.safeParse(solution).success).toBe(true);
  });

  it('solves the puzzle by following its hints from the starting position, each position in the wire format', () => {
    const { engine, hint } = registry.descriptorOf('latin');
    const { puzzle, solution } = engine.generate('fixture', 'hard');
    let position = hint.start(puzzle);
    let steps = 0;
    for (let next = hint.next(puzzle, solution, position); next.type !== 'solved'; ) {
      if (next.type !== 'step') throw new Error(`hint ${steps + 1} was ${next.type}, not a step`);
      if (++steps > MAX_HINTS) throw new Error(`no end after ${MAX_HINTS} hints`);
      position = hint.follow(position, next as HintStep);
      expect(hint.position.safeParse(position).success).toBe(true);
      next = hint.next(puzzle, solution, position);
    }
    expect(position).toEqual(solution);
    expect(steps).toBe(engine.stepsTo(puzzle, solution).length);
  });

  it("replays a move log of the solution's steps to the solution", () => {
    const engine = registry.engineFor('latin');
    const { puzzle, solution } = engine.generate('fixture', 'easy');
    const log = evenLog(engine.stepsTo(puzzle, solution), 1000, 800);
    expect(engine.replayLog(puzzle, log)).toEqual({ ok: true, board: solution });
  });

  it("reads the fixture's levels and benchmarks from its descriptor, and refuses a level it lacks in the one wording", () => {
    expect(registry.isLevelOf('latin', 'hard')).toBe(true);
    expect(registry.isLevelOf('latin', 'medium')).toBe(false);
    expect(registry.defaultBenchmark('latin', 'hard')).toEqual({ seconds: 120, unit: 'puzzle' });
    expect(() => registry.defaultBenchmark('latin', 'expert')).toThrow(
      noSuchLevel('latin', ['easy', 'hard'], 'expert'),
    );
  });

  it('has no reveal capability, as a kind that hides nothing', () => {
    expect(registry.revealOf('latin')).toBeUndefined();
  });
});

describe("what the compiler refuses of the recipe's files", () => {
  it('refuses a registry with the wire format of a sixth kind but no descriptor for it', () => {
    // @ts-expect-error: 'latin' has no descriptor
    const short = kindRegistry(SHAPES, KIND_DESCRIPTORS);
    expect(short.isKind('latin')).toBe(false);
  });

  it("refuses a descriptor whose hint position is not the wire format's", () => {
    const hint = { ...latin.hint, position: z.strictObject({ cells: z.string() }) };
    // @ts-expect-error: the position is { cells }, the wire format's is { grid }
    const misfit = { ...latin, hint } satisfies KindDescriptorFor<'latin', typeof latinShapes>;
    expect(misfit.hint.position.safeParse({ grid: '.'.repeat(16) }).success).toBe(false);
  });

  it("refuses a descriptor whose engine lacks one of the wire format's levels", () => {
    const shapes = { ...latinShapes, levels: ['easy', 'medium', 'hard'] as const };
    // @ts-expect-error: the engine has no 'medium'
    const short = latin satisfies KindDescriptorFor<'latin', typeof shapes>;
    expect(short.engine.levels).not.toContain('medium');
  });
});
