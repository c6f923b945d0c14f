/**
 * What the compiler refuses in a kind's descriptor and the registry (src/kinds/descriptor.ts). Each
 * `@ts-expect-error` below fails `npm run typecheck` once the mistake under it compiles; the runtime
 * assertions say what the mistaken value would have done.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { KIND_SHAPES, type Kind, type LevelOf, type RevealingKind } from '../../src/contract/kinds/index.js';
import type { PuzzleEngine } from '../../src/engines/types.js';
import { colorsort } from '../../src/kinds/colorsort.js';
import type { KindDescriptor } from '../../src/kinds/descriptor.js';
import { KIND_DESCRIPTORS } from '../../src/kinds/index.js';
import { pattern } from '../../src/kinds/pattern.js';
import { sudoku } from '../../src/kinds/sudoku.js';

type Registry = { readonly [K in Kind]: KindDescriptor<K> };

describe("a kind's descriptor, as the compiler checks it", () => {
  it("types the engine by its kind's name and its kind's levels", () => {
    expectTypeOf(KIND_DESCRIPTORS.sudoku.engine.kind).toEqualTypeOf<'sudoku'>();
    expectTypeOf(KIND_DESCRIPTORS.colorsort.engine.levels[0]).toEqualTypeOf<LevelOf<'colorsort'>>();
    expect(KIND_DESCRIPTORS.colorsort.engine.levels).toContain('superhard');
  });

  it("refuses a benchmark table that lacks one of the kind's levels", () => {
    const { expert: _, ...short } = sudoku.benchmark.seconds;
    const benchmark = { unit: 'puzzle' as const, seconds: short };
    // @ts-expect-error: 'expert' is missing from the table
    const missing = { ...sudoku, benchmark } satisfies KindDescriptor<'sudoku'>;
    expect(missing.benchmark.seconds).not.toHaveProperty('expert');
  });

  it("refuses a human-floor table that lacks one of the kind's levels", () => {
    const { hard: _, ...short } = pattern.floorSecondsPerStep;
    // @ts-expect-error: 'hard' is missing from the table
    const missing = { ...pattern, floorSecondsPerStep: short } satisfies KindDescriptor<'pattern'>;
    expect(missing.floorSecondsPerStep).not.toHaveProperty('hard');
  });

  it('refuses a table row for a level the kind does not have, as a descriptor writes its tables', () => {
    type Floors = KindDescriptor<'sudoku'>['floorSecondsPerStep'];
    // @ts-expect-error: sudoku has no 'superhard'
    const extra = { easy: 1, medium: 2, hard: 3, expert: 4, superhard: 5 } satisfies Floors;
    expect(Object.keys(extra)).toHaveLength(5);
  });

  it('refuses an engine that lacks a level of its kind', () => {
    const engine = sudoku.engine as PuzzleEngine<'sudoku', 'easy' | 'medium' | 'hard', unknown, unknown>;
    // @ts-expect-error: the engine's levels must be exactly sudoku's ('expert' is missing)
    const short = { ...sudoku, engine } satisfies KindDescriptor<'sudoku'>;
    expect(short.engine.levels).toContain('expert');
  });

  it("refuses an engine under another kind's name", () => {
    // @ts-expect-error: the pattern descriptor's engine must be named 'pattern'
    const misnamed = { ...pattern, engine: sudoku.engine } satisfies KindDescriptor<'pattern'>;
    expect(misnamed.engine.kind).toBe('sudoku');
  });

  it('refuses a registry with a misspelt kind', () => {
    const { sudoku: own, ...others } = KIND_DESCRIPTORS;
    // @ts-expect-error: 'sodoku' is not a kind, and 'sudoku' is missing
    const misspelt = { ...others, sodoku: own } satisfies Registry;
    expect(Object.keys(misspelt)).not.toContain('sudoku');
  });

  it('refuses a reveal capability on a kind whose wire format reveals nothing', () => {
    // @ts-expect-error: sudoku's wire format has no reveal answer, so its descriptor has no reveal
    const revealing = { ...sudoku, reveal: colorsort.reveal } satisfies KindDescriptor<'sudoku'>;
    expect(revealing.reveal).toBeDefined();
  });

  it('refuses a descriptor of a kind that reveals without its reveal capability', () => {
    const { reveal: _, ...hiding } = colorsort;
    // @ts-expect-error: colour sort's wire format has a reveal answer, so its descriptor needs reveal
    const blind = hiding satisfies KindDescriptor<'colorsort'>;
    expect(blind).not.toHaveProperty('reveal');
  });

  it("knows colour sort as the one kind that reveals, the one the client's reveal method serves", () => {
    // A second kind that reveals needs a client method of its own (src/client/create-client.ts): this
    // fails the type check until the client and this line say so.
    expectTypeOf<RevealingKind>().toEqualTypeOf<'colorsort'>();
    expect(KIND_DESCRIPTORS.colorsort.reveal.position).toBe(KIND_SHAPES.colorsort.revealed);
  });
});
