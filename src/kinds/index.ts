/**
 * The registry of puzzle kinds on the server: one descriptor for each kind of src/contract/kinds, the
 * list every other list of kinds is derived from (routes, the OpenAPI document, the daily schedule,
 * benchmarks' defaults, the demo page through GET /v1/kinds). Adding a kind: its engine folder, its wire
 * format in src/contract/kinds, its descriptor file here and one line below, a board module for the demo
 * page (public/kinds/<kind>.js), and tests. CONTRIBUTING.md has the recipe.
 */
import { KINDS, type Kind, type Level } from '../contract/kinds/index.js';
import { noSuchLevel } from '../engines/levels.js';
import type { BenchmarkBase } from '../rating/puzzle-benchmark.js';
import { colorsort } from './colorsort.js';
import type {
  HintCapability,
  KindDescriptor,
  RevealCapability,
  SomeEngine,
  SomeKindDescriptor,
} from './descriptor.js';
import { loop } from './loop.js';
import { pattern } from './pattern.js';
import { signal } from './signal.js';
import { sudoku } from './sudoku.js';

/**
 * Exactly the kinds of the wire format, each with its own kind's descriptor: the compiler refuses a missing
 * or an extra kind, an engine of another kind's name or levels, and a per-level table short of a level.
 */
export const KIND_DESCRIPTORS = { sudoku, pattern, loop, signal, colorsort } as const satisfies {
  readonly [K in Kind]: KindDescriptor<K>;
};

export { KINDS, type Kind };

export function isKind(name: string): name is Kind {
  return Object.hasOwn(KIND_DESCRIPTORS, name);
}

export function descriptorOf(kind: Kind): SomeKindDescriptor {
  return KIND_DESCRIPTORS[kind];
}

export function engineFor(kind: Kind): SomeEngine {
  return KIND_DESCRIPTORS[kind].engine;
}

export function isLevelOf(kind: Kind, level: string): level is Level {
  return (engineFor(kind).levels as readonly string[]).includes(level);
}

/** The reveal capability of `kind`, or undefined for a kind that hides nothing (the route answers 404). */
export function revealOf(kind: Kind): RevealCapability<unknown, unknown> | undefined {
  return descriptorOf(kind).reveal;
}

/** The hint capability of `kind`: every kind has one. */
export function hintOf(kind: Kind): HintCapability<unknown, unknown> {
  return descriptorOf(kind).hint;
}

export function hasDefaultBenchmark(kind: Kind, level: Level): boolean {
  return descriptorOf(kind).benchmark.seconds[level] !== undefined;
}

/** The starting benchmark of a kind and level (what migration 0002 seeds), for a level the table lacks. */
export function defaultBenchmark(kind: Kind, level: Level): BenchmarkBase {
  const { unit, seconds } = descriptorOf(kind).benchmark;
  const value = seconds[level];
  if (value === undefined) throw new RangeError(noSuchLevel(kind, engineFor(kind).levels, level));
  return { seconds: value, unit };
}
