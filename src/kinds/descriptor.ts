import type { z } from 'zod';
import type { KIND_SHAPES, Kind, KindShapes, Level } from '../contract/kinds/index.js';
import type { Hint, HintStep } from '../engines/hint.js';
import type { AnyEngine, PuzzleEngine } from '../engines/types.js';

/**
 * The time a puzzle of a level starts with before calibration moves it towards what players really take:
 * finishing at it scores 0.5. `move`: seconds per move of the puzzle's proven shortest solution.
 */
export interface BenchmarkDefaults<L extends string> {
  unit: 'puzzle' | 'move';
  seconds: Readonly<Record<L, number>>;
}

/** The same table read with a level of some kind: a level the kind lacks finds no row. */
interface SomeBenchmarkDefaults<L extends string> {
  unit: BenchmarkDefaults<L>['unit'];
  seconds: Readonly<Partial<Record<L, number>>>;
}

/** The position after a list of moves, or the first move that cannot be played. */
export type RevealReplay =
  | {
      ok: true;
      /** What the route answers: only the hidden information those moves exposed. */
      view: unknown;
      /** The hidden units the moves exposed, by the engine's names for them: what the session records. */
      exposed: number[];
    }
  | { ok: false; index?: number; reason: string };

/**
 * The optional capability of a kind whose puzzle hides information until moves expose it (colour sort):
 * `POST /v1/puzzles/{date}/{kind}/{level}/reveal` serves exactly the kinds that have it, and a ranked
 * solve of such a kind is held to what its session was shown (src/fairplay/reveal-match.ts).
 */
export interface RevealCapability<Puzzle, Solution, Revealed = unknown> {
  /** The route's answer, for the OpenAPI document: the wire format's `revealed`. */
  position: z.ZodType<Revealed>;
  /** The position after `moves`, the moves so far in the kind's solution format (the request body). */
  replay(puzzle: Puzzle, moves: Solution): RevealReplay;
  /** The hidden units `solution` exposes, ascending. */
  exposedBy(puzzle: Puzzle, solution: Solution): number[];
}

/**
 * The capability behind `POST /v1/puzzles/{date}/{kind}/{level}/hint`: the player's current position, in
 * the kind's own format (`position`, the request body, from the kind's wire format in src/contract/kinds;
 * documented with examples in the OpenAPI document), and the grader's next step from it
 * (src/engines/<kind>/hint.ts).
 */
export interface HintCapability<Puzzle, Solution, Position = unknown> {
  position: z.ZodType<Position>;
  next(puzzle: Puzzle, solution: Solution, position: Position): Hint;
  /** The position before any move (the givens only): where a player, a test or a bench starts. */
  start(puzzle: Puzzle): Position;
  /** The position after a player enters what `step` concludes: how hints are followed. */
  follow(position: Position, step: HintStep): Position;
}

/** What a kind is outside its engine, its levels and its wire format. */
interface KindFacts {
  /** What players read. */
  displayName: string;
}

/**
 * What the registry adds to a descriptor from the kind's wire format (src/contract/kinds), so that code
 * taking a kind at run time reads one object: the puzzle players see (what `engine.toPublic` returns), the
 * shape of a submitted solution (a wrong shape is a 400), a move-log entry's bounds and their meaning.
 */
type WireFacts = Pick<KindShapes, 'publicPuzzle' | 'solution' | 'logEntry' | 'logFormat'>;

/**
 * Everything a kind `K` with the wire format `Shapes` means outside its engine, in one place: the engine
 * must name `K` and have exactly the wire format's levels, every per-level table has a row for each of
 * them, the hint reads the wire format's position, and the reveal capability is there exactly when the
 * wire format has a reveal answer. Written for any set of kinds, so that a test can build a registry with
 * a kind of its own (test/kinds/fixture-kind.test.ts); the service's kinds use `KindDescriptor`.
 */
export type KindDescriptorFor<
  K extends string,
  Shapes extends KindShapes,
  Puzzle = unknown,
  Solution = unknown,
> = KindFacts & {
  /** The pure engine (src/engines/<kind>): generation, solving, checking, grading, log replay. */
  engine: PuzzleEngine<K, Shapes['levels'][number], Puzzle, Solution>;
  benchmark: BenchmarkDefaults<Shapes['levels'][number]>;
  /**
   * The cold-start human floor per level: seconds per step of the engine's `stepsTo` below which nobody
   * solves (src/fairplay/human-floor.ts explains the anchor and the margin).
   */
  floorSecondsPerStep: Readonly<Record<Shapes['levels'][number], number>>;
  /** The grader's next step from a player's position (the hint route), in the wire format's position. */
  hint: HintCapability<Puzzle, Solution, z.infer<Shapes['position']>>;
} & RevealFor<Shapes, Puzzle, Solution>;

/**
 * Only a kind that hides information the reveal route discloses move by move has `reveal`: the kind whose
 * wire format has a reveal answer (`revealed`), which the capability's answer must be.
 */
type RevealFor<Shapes extends KindShapes, Puzzle, Solution> = Shapes extends { revealed: z.ZodType }
  ? { reveal: RevealCapability<Puzzle, Solution, z.infer<Shapes['revealed']>> }
  : { reveal?: never };

/**
 * Everything a kind `K` of the service means outside its engine: the service, the OpenAPI document, the
 * demo page and the benchmarks take their lists of kinds and their per-kind facts from these. A misspelt
 * kind, a missing level or a level too many is a compile error.
 */
export type KindDescriptor<K extends Kind, Puzzle = unknown, Solution = unknown> = KindDescriptorFor<
  K,
  (typeof KIND_SHAPES)[K],
  Puzzle,
  Solution
>;

/** An engine as code that takes its kind at run time sees it: its levels are levels of some kind. */
export type SomeEngine<K extends string = Kind, L extends string = Level> = Omit<
  AnyEngine,
  'kind' | 'levels'
> & {
  readonly kind: K;
  readonly levels: readonly [L, ...L[]];
};

/**
 * A descriptor as code that takes its kind at run time sees it (a kind from a URL or a row): its levels are
 * levels of some kind, and a level of another kind finds no row in its tables.
 */
export interface SomeKindDescriptor<K extends string = Kind, L extends string = Level>
  extends KindFacts,
    WireFacts {
  engine: SomeEngine<K, L>;
  benchmark: SomeBenchmarkDefaults<L>;
  floorSecondsPerStep: Readonly<Partial<Record<L, number>>>;
  reveal?: RevealCapability<unknown, unknown>;
  hint: HintCapability<unknown, unknown>;
}
