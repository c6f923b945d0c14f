/**
 * The contract every puzzle kind implements. Engines are pure: no I/O, no Workers APIs, no clocks,
 * so the same (seed, level, version) gives the same puzzle in Node, workerd and a browser. The list of
 * kinds is the registry in src/kinds; an engine only names its own kind. Comments in the engines say "the
 * original" for the browser puzzle collection they were first written from (see rng.ts), whose rules,
 * layouts and RNG they keep.
 */

/** How hard a puzzle is, as measured by the engine's grader; `L` is the engine's levels. */
export interface Difficulty<L extends string = string> {
  /** The level the grader places the puzzle in (one of the engine's `levels`). */
  level: L;
  /** A number that orders puzzles of one kind by difficulty; higher is harder. */
  score: number;
  /** Names of the techniques the grader needed, in the order first used. */
  techniques: string[];
  /** The most expensive technique needed. */
  hardest: string;
  /** Search nodes the grader needed after its techniques ran out (0 when logic alone sufficed). */
  nodes: number;
}

/** Kind-specific facts a generator reports about a puzzle, e.g. `{ solutionLength: 15 }`. */
export type PuzzleMeta = Record<string, number | string | boolean>;

export interface Generated<Puzzle, Solution, L extends string = string> {
  /** Full interchange JSON of the puzzle (may contain hidden information, e.g. colorsort's hidden units). */
  puzzle: Puzzle;
  /** The generator's answer; `check` accepts it and any other valid solution. */
  solution: Solution;
  grade: Difficulty<L>;
  seed: string;
  version: number;
  /** 1-based attempt number at which the generator succeeded. */
  attempt: number;
  /** Kind-specific facts worth storing (e.g. colorsort's proven shortest solution length). */
  meta?: PuzzleMeta;
}

export interface SolveLimits {
  /** Stop after this many solutions (default 2: enough to tell unique from not). */
  maxSolutions?: number;
  /** Stop after this many search nodes and report `truncated`. */
  nodeLimit?: number;
}

export interface SolveResult<Solution> {
  solutions: Solution[];
  nodes: number;
  /** True when the node limit stopped the search: the count of solutions is then a lower bound only. */
  truncated: boolean;
}

export type CheckResult = { ok: true; moves?: number } | { ok: false; reason: string };

/**
 * One step of a player's move log: `[t, a, b]`, with `t` the milliseconds since the player's session
 * started. What `a` and `b` mean is the kind's own (a cell and a value, an edge and a mark, two tubes).
 */
export type LogEntry = readonly [t: number, a: number, b: number];

/** A log entry without its time: what the player did, in order. */
export type LogStep = readonly [a: number, b: number];

/**
 * The board a move log leads to, from the puzzle's start position, in the kind's solution format (which
 * may then be incomplete or wrong: the caller compares it with the submitted solution); or the first entry
 * that cannot be played on this puzzle.
 */
export type LogReplay<Solution> =
  | { ok: true; board: Solution }
  | { ok: false; index: number; reason: string };

/** Thrown for malformed outside input (`parsePuzzle`, bad generator parameters): a 4xx, never a 500. */
export class PuzzleInputError extends Error {
  override name = 'PuzzleInputError';
}

/** Thrown when a generator exhausts its attempts without a verified puzzle. */
export class GenerationError extends Error {
  override name = 'GenerationError';
}

/**
 * The engine of kind `K` with levels `L`. Both are type parameters so that the registry (src/kinds) can hold
 * each engine to its kind's name and to exactly the levels of the kind's wire format: `L` is invariant
 * (`in out`), so an engine that lacks a level, or has one more, does not fit its descriptor. The engine
 * cannot import that list (engines import nothing from the rest of src/), so it declares its own and the
 * compiler compares the two.
 *
 * Method syntax (not arrow properties) on purpose: it lets the registry hold engines of different
 * Puzzle/Solution types as `AnyEngine`.
 */
export interface PuzzleEngine<K extends string, in out L extends string, Puzzle, Solution> {
  /** The kind's name in the registry (src/kinds) and in every URL. */
  readonly kind: K;
  /** Bump whenever the same seed and level would give a different puzzle. */
  readonly version: number;
  /** Easiest first, in the order of the kind's wire format (src/contract/kinds). */
  readonly levels: readonly [L, ...L[]];
  /** Deterministic; the result is verified unique (colorsort: solvable, shortest length proven); throws GenerationError. */
  generate(seed: string, level: L): Generated<Puzzle, Solution, L>;
  solve(puzzle: Puzzle, limits?: SolveLimits): SolveResult<Solution>;
  /** Accepts any valid solution, not only the stored one; `submission` is untrusted JSON. */
  check(puzzle: Puzzle, submission: unknown): CheckResult;
  grade(puzzle: Puzzle): Difficulty<L>;
  /** Strict validation of untrusted JSON; throws PuzzleInputError with a readable message. */
  parsePuzzle(json: unknown): Puzzle;
  /** What players may see before the answer embargo ends (colorsort hides its bottom units). */
  toPublic(puzzle: Puzzle): unknown;
  /** ASCII picture for the CLI; with a solution, the solved board. */
  render(puzzle: Puzzle, solution?: Solution): string;
  /**
   * Replays a move log (times are not looked at) from the start position. Entries out of the puzzle's
   * range, on a given cell, or illegal pours are refused with their index; nothing else is judged here.
   */
  replayLog(puzzle: Puzzle, log: readonly LogEntry[]): LogReplay<Solution>;
  /** Steps that lead from the start position to `solution`: what a player enters, for tests and benchmarks. */
  stepsTo(puzzle: Puzzle, solution: Solution): LogStep[];
  /**
   * Optional: whether `next` continues a drag stroke that `previous` began (the same mark painted onto a
   * neighbouring cell), so that entries a few milliseconds apart are how a person plays, not a script.
   */
  continuesStroke?(puzzle: Puzzle, previous: LogEntry, next: LogEntry): boolean;
  /**
   * Optional: boards of other sizes than the daily levels use (the CLI's `--size`), at `level` or the level the
   * size implies. Throws PuzzleInputError for a size the engine does not support.
   */
  generateSized?(seed: string, size: BoardSize, level?: L): Generated<Puzzle, Solution, L>;
}

export interface BoardSize {
  width: number;
  height: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry's escape hatch; callers go through the engine's own types.
export type AnyEngine = PuzzleEngine<string, any, any, any>;
